/** Contracts of the support desk (spec 02 §3, §7; spec 01 §7 `POST ext/public/upload/`): uploads, tickets, the public contact form. */
import { z } from 'zod';
import { recordIdSchema } from '../validation/ids.js';
import { REQUEST_TYPES } from '../enums.js';
import { SUPPORT_TYPES } from '../support/ticketTypes.js';
import { businessEmailSchema } from '../validation/contact.js';

/** An attachment: at most 5 MB, of a type support can open. */
export const UPLOAD_MAX_BYTES = 5 * 1024 * 1024;
export const UPLOAD_TYPES = {
  'image/png': '.png',
  'image/jpeg': '.jpg',
  'image/gif': '.gif',
  'image/webp': '.webp',
  'application/pdf': '.pdf',
  'text/plain': '.txt',
  'text/csv': '.csv',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': '.xlsx',
} as const;
export type UploadType = keyof typeof UPLOAD_TYPES;

export const SUPPORT_MESSAGES = {
  fileMissing: 'Please attach a file in the field "file".',
  fileTooLarge: 'The file is larger than 5 MB.',
  fileType: 'Only images (PNG, JPEG, GIF, WebP), PDF, text, CSV and Excel (.xlsx) files can be attached.',
  fileContent: "The file's content does not match its type.",
  fileUnknown: 'The attached file was not found or has expired. Please attach it again.',
  ticketType: 'Please choose a support type.',
  formName: 'Form name is required',
  content: 'Please describe your request.',
  extraDataTooLarge: 'The shared details are too large.',
  name: 'Name is required',
  message: 'Please write your message.',
} as const;

const EXTRA_DATA_MAX_CHARS = 10_000;

export const uploadResultSchema = z.object({ file_url: z.string() });
export type UploadResult = z.infer<typeof uploadResultSchema>;

/** Create ticket (spec 02 §7): a form name, content, a ticket type id and extra data; the uploaded file's url. */
export const createTicketSchema = z.object({
  form_name: z.string({ error: SUPPORT_MESSAGES.formName }).trim().min(1, SUPPORT_MESSAGES.formName).max(120),
  content: z.string({ error: SUPPORT_MESSAGES.content }).trim().min(1, SUPPORT_MESSAGES.content).max(5_000),
  ticket_type_id: recordIdSchema(SUPPORT_MESSAGES.ticketType),
  extra_data: z
    .record(z.string(), z.unknown())
    .refine((v) => JSON.stringify(v).length <= EXTRA_DATA_MAX_CHARS, { error: SUPPORT_MESSAGES.extraDataTooLarge })
    .optional(),
  file_url: z.string().trim().max(300).optional(),
  /** Set when the ticket is one of the request types of spec 01 §3 (an issue report in context). */
  request_type: z.enum(REQUEST_TYPES).optional(),
});
export type CreateTicket = z.infer<typeof createTicketSchema>;

export const ticketSchema = z.object({
  id: z.number(),
  support_type: z.enum(SUPPORT_TYPES),
  ticket_type_id: z.number(),
  form_name: z.string(),
  content: z.string(),
  extra_data: z.record(z.string(), z.unknown()),
  request_type: z.enum(REQUEST_TYPES).nullable(),
  file: z.object({ name: z.string(), url: z.string(), size: z.number() }).nullable(),
  status: z.string(),
  /** The ticket's id at the external support desk, when one is configured. */
  desk_ref: z.string().nullable(),
  created_at: z.string(),
  requester: z.object({ id: z.number(), name: z.string(), email: z.string() }).nullable(),
});
export type TicketView = z.infer<typeof ticketSchema>;

export const ticketListSchema = z.object({ results: z.array(ticketSchema) });

/** The public /contact form. */
export const contactFormSchema = z.object({
  name: z.string({ error: SUPPORT_MESSAGES.name }).trim().min(1, SUPPORT_MESSAGES.name).max(120),
  email: businessEmailSchema,
  company: z.string().trim().max(200).optional(),
  message: z.string({ error: SUPPORT_MESSAGES.message }).trim().min(1, SUPPORT_MESSAGES.message).max(2_000),
});
export type ContactForm = z.infer<typeof contactFormSchema>;
