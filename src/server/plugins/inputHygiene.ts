/**
 * One guard for every route, before its schema runs: a string anywhere in the path, the query, the
 * body (keys included) or a header that holds a NUL or a lone surrogate, or that is longer than any
 * field allows, is a 400 naming the field — so no route can forget it and nothing reaches the
 * database. Multipart fields and file names are checked by the one multipart reader.
 */
import type { FastifyInstance } from 'fastify';
import { ANY_TEXT_MAX_CHARS, isStorableText } from '../../shared/validation/storableText.js';
import { maxCharsMessage, VALIDATION_MESSAGES as M } from '../../shared/validation/messages.js';
import { AppError } from '../errors.js';

/** Deeper JSON than this is no form of ours; walking it would only cost time. */
const MAX_DEPTH = 32;

type Problem = { field: string; message: string };

function textProblem(text: string, field: string): Problem | undefined {
  if (!isStorableText(text)) return { field, message: M.unstorableText };
  if (text.length > ANY_TEXT_MAX_CHARS) return { field, message: maxCharsMessage(ANY_TEXT_MAX_CHARS) };
  return undefined;
}

/** The first bad string in `value`, named by its dotted path as validation errors name fields. */
export function findBadText(value: unknown, path: string[] = [], depth = 0): Problem | undefined {
  const field = path.join('.') || 'non_field_errors';
  if (typeof value === 'string') return textProblem(value, field);
  if (value === null || typeof value !== 'object') return undefined;
  if (depth > MAX_DEPTH) return { field, message: M.unstorableText };
  const entries = Array.isArray(value) ? value.map((item, i) => [String(i), item] as const) : Object.entries(value);
  for (const [key, item] of entries) {
    const problem = textProblem(key, [...path, key].join('.')) ?? findBadText(item, [...path, key], depth + 1);
    if (problem) return problem;
  }
  return undefined;
}

/** Throws the 400 for the first bad string of `sources`; multipart readers call it for their fields. */
export function assertStorable(...sources: unknown[]): void {
  for (const source of sources) {
    const problem = findBadText(source);
    if (problem) throw new AppError('VALIDATION_FAILED', problem.message, { [problem.field]: problem.message });
  }
}

/** Registers the guard; call before any route is registered. */
export function registerInputHygiene(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    // Plain objects only: a raw Buffer body (an upload) is not text.
    const body = Buffer.isBuffer(request.body) ? undefined : request.body;
    assertStorable(request.params, request.query, body, request.headers);
  });
}
