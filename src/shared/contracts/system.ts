/** Contracts of the system endpoints: health, version, build, app configuration, client errors. */
import { z } from 'zod';
import { recordIdSchema } from '../validation/ids.js';

/** Liveness: the process answers ('starting' until migrations and the seed are done). */
export const healthSchema = z.object({
  status: z.enum(['ok', 'starting']),
  version: z.string(),
  database: z.object({ kind: z.enum(['pglite', 'postgres']), reachable: z.boolean() }),
  bus: z.enum(['memory', 'redis']),
  uptime_seconds: z.number(),
});
export type Health = z.infer<typeof healthSchema>;

/** Readiness: every named check, and which one fails. */
export const readySchema = z.object({
  status: z.enum(['ready', 'unavailable']),
  checks: z.record(z.string(), z.object({ status: z.enum(['ok', 'failing']), detail: z.string().optional() })),
});

export const versionSchema = z.object({ version: z.string() });
export const buildSchema = z.object({ id: z.string() });

/** What the client needs to know about this installation before anyone signs in. */
export const appConfigSchema = z.object({
  brand_name: z.string(),
  demo: z.boolean(),
  version: z.string(),
  support: z.object({
    /** Ticket type ids are the raw ids (spec 02 §3 dev mode). */
    dev_mode: z.boolean(),
    /** The third-party messenger widget's app id; null: no widget loads. */
    widget_app_id: z.string().nullable(),
  }),
});
export type AppConfig = z.infer<typeof appConfigSchema>;

const MAX_TEXT = 8_000;

/** A client-side error report (spec 02 §8); user fields are present when the user is logged in. */
export const clientErrorReportSchema = z.object({
  message: z.string().trim().min(1, 'message is required').max(MAX_TEXT),
  stack: z
    .string()
    .max(MAX_TEXT * 4)
    .optional(),
  url: z.string().trim().min(1, 'url is required').max(2_048),
  component_stack: z
    .string()
    .max(MAX_TEXT * 4)
    .optional(),
  user_id: recordIdSchema().optional(),
  user_name: z.string().max(200).optional(),
  client_name: z.string().max(200).optional(),
  user_agent: z.string().max(512).optional(),
});
export type ClientErrorReport = z.infer<typeof clientErrorReportSchema>;

export const clientErrorAcceptedSchema = z.object({ id: z.string(), forwarded: z.boolean() });
