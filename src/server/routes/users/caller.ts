/** The signed-in caller of a route whose policy requires sign-in (the access plugin already refused anyone else). */
import type { FastifyRequest } from 'fastify';
import type { Principal } from '../../../shared/accessPolicy.js';
import { AppError } from '../../errors.js';

export function callerOf(request: FastifyRequest): Principal {
  if (!request.principal) throw new AppError('UNAUTHENTICATED');
  return request.principal;
}
