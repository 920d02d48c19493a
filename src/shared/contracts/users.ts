/** Contracts of user accounts, roles and invitations (spec 01 §7 Client: useraccounts, client/user, invites). */
import { z } from 'zod';
import { ID_MAX } from '../validation/ids.js';
import { ACCOUNT_STATUSES, PERMISSIONS, ROLES } from '../enums.js';
import { emailSchema, loginOtpSchema, nameSchema, requiredMessage, VALIDATION_MESSAGES } from '../validation/index.js';

/** Ours: the spec names the role rules but gives no text. */
export const ROLE_MESSAGES = {
  invalid: 'Not a valid role.',
  empty: 'Select at least one role.',
} as const;

const roleListSchema = z
  .array(z.enum(ROLES, { error: ROLE_MESSAGES.invalid }), { error: ROLE_MESSAGES.empty })
  .min(1, { error: ROLE_MESSAGES.empty })
  .max(ROLES.length)
  .transform((roles) => [...new Set(roles)]);

export const INVITE_MESSAGES = {
  proof: 'Enter your password or the one-time password sent to you.',
  register: 'You have no account yet: register with this invitation instead.',
  accepted: 'Invitation accepted',
} as const;

const idSchema = (field: string) =>
  z
    .number({ error: requiredMessage(field) })
    .int()
    .positive()
    .max(ID_MAX, { error: VALIDATION_MESSAGES.id });

/**
 * Until the person joins, an account shows only what the inviter typed: no user id, no mobile,
 * the inviter's spelling of the name (docs/adr/0009-invitations-never-cross-firms.md).
 */
export const userAccountSchema = z.object({
  id: z.number(),
  user_id: z.number().nullable(),
  first_name: z.string(),
  last_name: z.string(),
  name: z.string(),
  email: z.string(),
  mobile: z.string().nullable(),
  roles: z.array(z.enum(ROLES)),
  status: z.enum(ACCOUNT_STATUSES),
  permissions: z.array(z.enum(PERMISSIONS)),
});
export type UserAccountView = z.infer<typeof userAccountSchema>;

export const userAccountListSchema = z.object({ results: z.array(userAccountSchema) });
export const userAccountsQuerySchema = z.object({ search: z.string().trim().max(100).optional() });

export const changeRolesSchema = z.object({
  user_account_id: idSchema('User account'),
  roles: roleListSchema,
});

export const inviteSchema = z.object({
  email: emailSchema,
  first_name: nameSchema,
  last_name: nameSchema,
  roles: roleListSchema,
});
export type InviteInput = z.infer<typeof inviteSchema>;

const inviteCodeField = z
  .string({ error: requiredMessage('Invite code') })
  .trim()
  .min(1, { error: requiredMessage('Invite code') })
  .max(200);

export const inviteCodeSchema = z.object({ invite_code: inviteCodeField });

/**
 * What the registration page shows for a valid invitation. `has_account`: the invitee already
 * has an account, so they accept by proving who they are instead of registering.
 */
export const inviteDetailsSchema = z.object({
  email: z.string(),
  client_name: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  has_account: z.boolean(),
});
export type InviteDetails = z.infer<typeof inviteDetailsSchema>;

/** An existing user accepts with their own password, or a login OTP sent to them (POST api/request-otp/). */
export const acceptInviteSchema = z
  .object({
    invite_code: inviteCodeField,
    password: z.string().min(1).max(256).optional(),
    otp: loginOtpSchema.optional(),
  })
  .refine((v) => (v.password === undefined) !== (v.otp === undefined), { message: INVITE_MESSAGES.proof, path: ['password'] });
export type InviteProof = { password: string } | { otp: string };

export const inviteAcceptedSchema = z.object({ detail: z.string(), client_name: z.string() });

/** `invitee_id` is the invitee's user account id (as listed by GET api/useraccounts/). */
export const revokeInviteSchema = z.object({ invitee_id: idSchema('Invitee') });
