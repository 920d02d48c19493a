/** Contracts of sign-in, token refresh, one-time passwords, sign-out and the session (spec 01 §3, §7). */
import { z } from 'zod';
import { CLIENT_MODES, CLIENT_TIERS, CLIENT_TYPES, OTP_MODES, PERMISSIONS, ROLES } from '../enums.js';
import { emailSchema, loginOtpSchema, mobileSchema } from '../validation/index.js';

export const passwordSignInSchema = z.object({
  email: emailSchema,
  password: z.string().min(1, 'Password is required').max(256),
});

export const tokenPairSchema = z.object({
  access: z.string(),
  refresh: z.string(),
  /** Seconds the refresh token lives. */
  refresh_expires_in: z.number().int(),
});
export type TokenPair = z.infer<typeof tokenPairSchema>;

/** The refresh token may come in the body or in the httpOnly cookie. */
export const refreshRequestSchema = z.object({ refresh: z.string().min(1).max(512).optional() }).nullish();

const identityFields = {
  email: emailSchema.optional(),
  mobile: mobileSchema.optional(),
};
const hasIdentity = (v: { email?: string; mobile?: string }) => Boolean(v.email || v.mobile);
const identityMessage = { message: 'Email or mobile is required', path: ['email'] };

export const requestOtpSchema = z
  .object({
    ...identityFields,
    request_type: z.enum(OTP_MODES).default('login'),
    auth_mode: z.string().max(40).optional(),
    client_mode: z.enum(CLIENT_MODES).default('SOFTWARE'),
  })
  .refine(hasIdentity, identityMessage);

export const otpSignInSchema = z
  .object({
    ...identityFields,
    otp: loginOtpSchema,
    auth_mode: z.string().max(40).optional(),
  })
  .refine(hasIdentity, identityMessage);

export const detailSchema = z.object({ detail: z.string() });

export const sessionSchema = z.object({
  name: z.string(),
  user_info: z.object({
    id: z.number(),
    unique_id: z.string(),
    first_name: z.string(),
    last_name: z.string(),
    email: z.string(),
    mobile: z.string().nullable(),
    roles: z.array(z.enum(ROLES)),
    single_screen_waitlist_joined: z.boolean(),
    has_accepted_chat_terms: z.boolean(),
    user_security_preferences: z.record(z.string(), z.unknown()),
    notification_subscriber_id: z.string(),
  }),
  user_accounts: z.array(
    z.object({
      id: z.number(),
      client_id: z.number(),
      client_name: z.string(),
      roles: z.array(z.enum(ROLES)),
      status: z.string(),
      is_current: z.boolean(),
    }),
  ),
  permissions: z.array(z.enum(PERMISSIONS)),
  client_type: z.enum(CLIENT_TYPES),
  client_tier: z.enum(CLIENT_TIERS),
  allowed_exchanges: z.array(z.string()),
  allowed_reporting_exchanges: z.array(z.string()),
  rfq_exchanges: z.array(z.string()),
  stp_exchanges: z.array(z.string()),
  is_broker: z.boolean(),
  /** Ours: the client is the venue operator, so its people are chat staff (spec 02 §6 staff flag, DESIGN §8). */
  is_staff: z.boolean(),
  has_brokers: z.boolean(),
  trades_on_books: z.boolean(),
  nsccl_credentials: z.boolean(),
  iccl_credentials: z.boolean(),
  nsccl_name: z.string().nullable(),
  iccl_name: z.string().nullable(),
});
export type Session = z.infer<typeof sessionSchema>;

export const outboxMessageSchema = z.object({
  id: z.number(),
  channel: z.enum(['email', 'sms']),
  recipient: z.string(),
  subject: z.string(),
  body: z.string(),
  created_at: z.string(),
});
export const outboxSchema = z.object({ results: z.array(outboxMessageSchema) });
