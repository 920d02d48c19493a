/**
 * Contracts of the client profile, client directory, custodian search, registration (spec 01 §3
 * registration payload), the lite lead form and registration OTP validation (spec 01 §7 Client).
 */
import { z } from 'zod';
import { idParamsSchema } from '../validation/ids.js';
import { ADDRESS_STATE_OPTIONS, CLIENT_CATEGORIES, CLIENT_SEGMENTS, CLIENT_TIERS, CLIENT_TYPES } from '../enums.js';
import {
  businessEmailSchema,
  emailSchema,
  loginOtpSchema,
  mobileSchema,
  nameSchema,
  optionalField,
  panSchema,
  requiredMessage,
  requiredTextSchema,
} from '../validation/index.js';
import { isSimilarToEmail, newPasswordSchema, PASSWORD_MESSAGES } from './passwords.js';

/** Ours: the spec gives these rules no text. */
export const CLIENT_MESSAGES = {
  website: 'Please enter a valid website.',
  state: 'Please select a valid state.',
  segment: 'Please select a valid segment.',
  clientType: 'Please select a valid client type.',
  category: 'Please select a valid category.',
  authMode: 'Please choose password or OTP.',
  emailTaken: 'An account with this email address already exists.',
  inviteEmail: 'Use the email address the invitation was sent to.',
  panTaken: "A client with this PAN is already registered. Ask your firm's ops admin to invite you.",
  identity: 'Email or mobile is required',
} as const;

/** The host of a website as typed ('www.Example.com/x' → 'example.com'), or null when it is not one. */
export function websiteHost(input: string): string | null {
  const text = input.trim();
  try {
    const url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `https://${text}`);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
    const host = url.hostname.toLowerCase().replace(/^www\./, '');
    return host.includes('.') ? host : null;
  } catch {
    return null;
  }
}

const booleanQuery = z
  .enum(['true', 'false'])
  .transform((v) => v === 'true')
  .optional();
const searchText = z.string().trim().max(100).optional();

export const clientProfileSchema = z.object({
  id: z.number(),
  name: z.string(),
  slug: z.string(),
  client_type: z.enum(CLIENT_TYPES),
  segment: z.enum(CLIENT_SEGMENTS),
  category: z.enum(CLIENT_CATEGORIES).nullable(),
  tier: z.enum(CLIENT_TIERS),
  website: z.string().nullable(),
  state: z.string().nullable(),
  /** Masked: ABCDE****F. */
  pan: z.string().nullable(),
  exchanges: z.array(z.string()),
  is_broker: z.boolean(),
  is_partner: z.boolean(),
  /** The caller's own acceptance (PATCH api/client/chat-terms/ sets it). */
  has_accepted_chat_terms: z.boolean(),
});
export type ClientProfile = z.infer<typeof clientProfileSchema>;

export const clientIdParamsSchema = idParamsSchema;

/** Editable fields; a blank website clears it. */
export const updateClientSchema = z.object({
  name: requiredTextSchema('Name').max(200).optional(),
  website: z
    .string()
    .trim()
    .max(300)
    .refine((v) => v === '' || websiteHost(v) !== null, { error: CLIENT_MESSAGES.website })
    .transform((v) => (v === '' ? null : v))
    .nullish(),
  state: z.enum(ADDRESS_STATE_OPTIONS, { error: CLIENT_MESSAGES.state }).optional(),
  segment: z.enum(CLIENT_SEGMENTS, { error: CLIENT_MESSAGES.segment }).optional(),
});
export type ClientUpdate = z.infer<typeof updateClientSchema>;

export const chatTermsSchema = z.object({ has_accepted_chat_terms: z.literal(true) });

export const clientListQuerySchema = z.object({ search: searchText, is_partner: booleanQuery, offline_record: booleanQuery });
export const clientListSchema = z.object({
  results: z.array(
    z.object({
      id: z.number(),
      name: z.string(),
      slug: z.string(),
      client_type: z.enum(CLIENT_TYPES),
      is_partner: z.boolean(),
      offline_record: z.boolean(),
      is_broker: z.boolean(),
    }),
  ),
});

export const custodianQuerySchema = z.object({ search_param: searchText });
export const custodianListSchema = z.array(z.object({ client_id: z.number(), name: z.string() }));

export const byWebsiteQuerySchema = z.object({
  website: requiredTextSchema('Website')
    .max(300)
    .refine((v) => websiteHost(v) !== null, { error: CLIENT_MESSAGES.website }),
});
export const clientRefSchema = z.object({ id: z.number(), name: z.string() });

export const AUTH_MODES = ['password', 'otp'] as const;

/** Spec 01 §3 registration payload, plus the invite code when registering from an invitation. */
export const registrationSchema = z
  .object({
    auth_mode: z.enum(AUTH_MODES, { error: CLIENT_MESSAGES.authMode }),
    pan: panSchema,
    password: optionalField(newPasswordSchema),
    identity: z.object({ first_name: nameSchema, last_name: nameSchema }),
    client_type: optionalField(z.enum(CLIENT_TYPES, { error: CLIENT_MESSAGES.clientType })),
    category: optionalField(z.enum(CLIENT_CATEGORIES, { error: CLIENT_MESSAGES.category })),
    corporate_identity: z.object({ name: z.string().trim().max(200).optional() }).nullish(),
    contact: z.object({
      email: emailSchema.transform((v) => v.toLowerCase()),
      mobile: mobileSchema,
      whatsapp_consent: z.boolean().default(false),
    }),
    invite_code: optionalField(z.string().trim().max(200)),
  })
  .superRefine((v, ctx) => {
    const fail = (path: string[], message: string) => ctx.addIssue({ code: 'custom', path, message, input: v });
    if (v.auth_mode === 'password' && !v.password) fail(['password'], PASSWORD_MESSAGES.required);
    if (v.password && isSimilarToEmail(v.password, v.contact.email)) fail(['password'], PASSWORD_MESSAGES.similarToEmail);
    // With an invitation the client already exists; without one the payload describes the new client.
    if (v.invite_code) return;
    if (!v.client_type) fail(['client_type'], requiredMessage('Client type'));
    else if (v.client_type.startsWith('CORP') && !v.corporate_identity?.name)
      fail(['corporate_identity', 'name'], requiredMessage('Company name'));
    else if (v.client_type.startsWith('INDV') && !v.category) fail(['category'], requiredMessage('Category'));
  });
export type Registration = z.infer<typeof registrationSchema>;

export const registrationResultSchema = z.object({ detail: z.string(), client_id: z.number(), user_id: z.number(), email: z.string() });

/** The lite form of the landing page: a lead, not an account. */
export const liteRegistrationSchema = z.object({
  first_name: nameSchema,
  last_name: nameSchema,
  email: businessEmailSchema,
  mobile: mobileSchema,
  company: requiredTextSchema('Company').max(200),
});
export type LiteRegistration = z.infer<typeof liteRegistrationSchema>;

/** POST api/validate-otp/: the OTP modes other than login (which signs in through api/token/otp/). */
export const validateOtpSchema = z
  .object({
    email: optionalField(emailSchema),
    mobile: optionalField(mobileSchema),
    otp: loginOtpSchema,
    request_type: z.enum(['register', 'update_profile', 'easy_register'], { error: requiredMessage('Request type') }),
  })
  .refine((v) => Boolean(v.email || v.mobile), { error: CLIENT_MESSAGES.identity, path: ['email'] });
