/** Record ids: PostgreSQL `integer` (int4) columns, so 1 … 2,147,483,647; anything else is refused before the database. */
import { z } from 'zod';
import { VALIDATION_MESSAGES as M } from './messages.js';

export const ID_MAX = 2_147_483_647;

/** An id in a path, a query or a body, as typed ('42') or as a number (42); `message` replaces the generic one. */
export function recordIdSchema(message: string = M.id) {
  return z.coerce.number({ error: message }).int({ error: message }).min(1, { error: message }).max(ID_MAX, { error: message });
}

/** `{ id }`: the path parameters of a route about one record. */
export const idParamsSchema = z.object({ id: recordIdSchema() });
