/**
 * One error handler for the whole API: every failure leaves as `{ code, message, fields? }`.
 * 5xx details are logged and never sent; validation failures name each bad field.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { ERROR_CATALOGUE, type ErrorCode } from '../../shared/errors.js';
import type { ApiError } from '../../shared/contracts/common.js';
import { AppError } from '../errors.js';

const FASTIFY_CODES: Record<string, ErrorCode> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  FST_ERR_CTP_BODY_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'BAD_REQUEST',
  FST_ERR_CTP_INVALID_JSON_BODY: 'BAD_REQUEST',
  FST_ERR_BAD_STATUS_CODE: 'INTERNAL',
};

/**
 * Whether a unique index refused the write (SQLSTATE 23505, found on the error or its causes, as
 * drizzle wraps the driver's error): two requests raced past the same check, the loser's transaction
 * rolled back, so nothing changed and the caller may retry.
 */
function isUniqueViolation(error: unknown): boolean {
  for (let cause = error, depth = 0; cause && depth < 5; cause = (cause as { cause?: unknown }).cause, depth += 1) {
    if ((cause as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

/** Turns any thrown value into the wire error and its status. */
export function toApiError(error: unknown): { status: number; body: ApiError } {
  if (error instanceof AppError) {
    return { status: error.status, body: { code: error.code, message: error.message, ...(error.fields && { fields: error.fields }) } };
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const fields: Record<string, string> = {};
    for (const issue of error.validation) {
      const path = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || 'non_field_errors';
      fields[path] ??= issue.message ?? ERROR_CATALOGUE.VALIDATION_FAILED.message;
    }
    const first = Object.values(fields)[0];
    return { status: 400, body: { code: 'VALIDATION_FAILED', message: first ?? ERROR_CATALOGUE.VALIDATION_FAILED.message, fields } };
  }
  const fastifyError = error as Partial<FastifyError>;
  const mapped = fastifyError.code ? FASTIFY_CODES[fastifyError.code] : undefined;
  if (mapped && mapped !== 'INTERNAL') {
    return { status: ERROR_CATALOGUE[mapped].status, body: { code: mapped, message: ERROR_CATALOGUE[mapped].message } };
  }
  if (isUniqueViolation(error)) {
    return { status: 409, body: { code: 'WRITE_CONFLICT', message: ERROR_CATALOGUE.WRITE_CONFLICT.message } };
  }
  if (!isResponseSerializationError(error) && fastifyError.statusCode === 429) {
    return { status: 429, body: { code: 'RATE_LIMITED', message: ERROR_CATALOGUE.RATE_LIMITED.message } };
  }
  return { status: 500, body: { code: 'INTERNAL', message: ERROR_CATALOGUE.INTERNAL.message } };
}

/** Registers the error and not-found handlers on the root instance. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: unknown, request: FastifyRequest, reply: FastifyReply) => {
    const { status, body } = toApiError(error);
    if (status >= 500) request.log.error({ err: error }, 'request failed');
    else request.log.info({ code: body.code, status }, 'request rejected');
    return reply.status(status).send(body);
  });
}
