/** Contracts of user accounts, roles and invitations (spec 01 §7 Client: useraccounts, client/user, invites). */
import { z } from 'zod';
import { ID_MAX } from '../validation/ids.js';
import { ACCOUNT_STATUSES, PERMISSIONS, ROLES } from '../enums.js';
import { emailSchema, nameSchema, requiredMessage, VALIDATION_MESSAGES } from '../validation/index.js';

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

const idSchema = (field: string) =>
  z
    .number({ error: requiredMessage(field) })
    .int()
    .positive()
    .max(ID_MAX, { error: VALIDATION_MESSAGES.id });

export const userAccountSchema = z.object({
  id: z.number(),
  user_id: z.number(),
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

export const inviteCodeSchema = z.object({
  invite_code: z
    .string({ error: requiredMessage('Invite code') })
    .trim()
    .min(1, { error: requiredMessage('Invite code') })
    .max(200),
});

/** What the registration page shows for a valid invitation. */
export const inviteDetailsSchema = z.object({
  email: z.string(),
  client_name: z.string(),
  first_name: z.string(),
  last_name: z.string(),
});

/** `invitee_id` is the invitee's user account id (as listed by GET api/useraccounts/). */
export const revokeInviteSchema = z.object({ invitee_id: idSchema('Invitee') });
