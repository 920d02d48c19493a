/** Contracts of exchange credentials (spec 01 §7 Client): written once, never read back. */
import { z } from 'zod';
import { EXCHANGES } from '../enums.js';
import { requiredTextSchema } from '../validation/index.js';

export const storeCredentialsSchema = z.object({
  participant_code: requiredTextSchema('Participant code').max(40),
  username: requiredTextSchema('Username').max(100),
  password: z.string({ error: 'Password is required' }).min(1, { error: 'Password is required' }).max(256),
  corp: z.enum(EXCHANGES, { error: 'Please select NSCCL or ICCL.' }),
});
export type StoreCredentials = z.infer<typeof storeCredentialsSchema>;

/** The answer names what was stored and when; the secret never leaves the server. */
export const storedCredentialsSchema = z.object({
  corp: z.enum(EXCHANGES),
  participant_code: z.string(),
  updated_at: z.string(),
});
