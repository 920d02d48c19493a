/** GET api/security-events/: sign-ins, lock-outs, resets, invitations and role changes from the event log (issue #21 item 7). */
import { z } from 'zod';
import type { EventType } from '../events.js';

/** The event types a compliance officer reads as security events. */
export const SECURITY_EVENT_TYPES = [
  'auth.sign_in_succeeded',
  'auth.sign_in_failed',
  'auth.locked_out',
  'user.password_reset_requested',
  'user.password_changed',
  'invite.created',
  'invite.accepted',
  'invite.revoked',
  'user_account.roles_changed',
] as const satisfies readonly EventType[];

export const securityEventQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(50),
  type: z.enum(SECURITY_EVENT_TYPES).optional(),
});
export type SecurityEventQuery = z.infer<typeof securityEventQuerySchema>;

export const securityEventSchema = z.object({
  id: z.number().int(),
  type: z.enum(SECURITY_EVENT_TYPES),
  occurred_at: z.string(),
  /** The firm the event belongs to; null for a sign-in attempt on no known account. */
  client_id: z.number().int().nullable(),
  actor_user_id: z.number().int().nullable(),
  aggregate_type: z.string(),
  aggregate_id: z.string(),
  payload: z.record(z.string(), z.unknown()),
});
export type SecurityEvent = z.infer<typeof securityEventSchema>;

export const securityEventListSchema = z.object({
  count: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
  results: z.array(securityEventSchema),
});
