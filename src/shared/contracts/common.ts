/** Contracts shared by every API area. */
import { z } from 'zod';
import { ERROR_CODES } from '../errors.js';

/** Every error response: a catalogue code, a human message, and per-field messages for 400s. */
export const apiErrorSchema = z.object({
  code: z.enum(ERROR_CODES),
  message: z.string(),
  fields: z.record(z.string(), z.string()).optional(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

/** The error responses every route may give, for OpenAPI. */
export const commonErrorResponses = {
  400: apiErrorSchema,
  404: apiErrorSchema,
  500: apiErrorSchema,
} as const;
