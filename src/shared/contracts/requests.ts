/** Contracts of requests (spec 01 §3 request types): upgrade walls, access requests, contact. */
import { z } from 'zod';
import { REQUEST_TYPES } from '../enums.js';

export const REQUEST_MESSAGES = {
  type: 'Please choose a valid request type.',
  contextTooLarge: 'The request details are too large.',
} as const;

const CONTEXT_MAX_CHARS = 10_000;

export const createRequestSchema = z.object({
  request_type: z.enum(REQUEST_TYPES, { error: REQUEST_MESSAGES.type }),
  message: z.string().trim().max(2000).optional(),
  /** What the user was looking at (e.g. the instrument behind a depth upgrade). */
  context: z
    .record(z.string(), z.unknown())
    .refine((v) => JSON.stringify(v).length <= CONTEXT_MAX_CHARS, { error: REQUEST_MESSAGES.contextTooLarge })
    .optional(),
});
export type CreateRequest = z.infer<typeof createRequestSchema>;

export const requestSchema = z.object({
  id: z.number(),
  request_type: z.enum(REQUEST_TYPES),
  message: z.string().nullable(),
  context: z.record(z.string(), z.unknown()),
  status: z.string(),
  created_at: z.string(),
  user: z.object({ id: z.number(), name: z.string(), email: z.string() }).nullable(),
});
export type RequestView = z.infer<typeof requestSchema>;

export const requestListSchema = z.object({ results: z.array(requestSchema) });
