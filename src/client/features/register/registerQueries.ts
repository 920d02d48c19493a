/** The invitation check and the registration call (spec 01 §7 Client). */
import { queryOptions } from '@tanstack/react-query';
import { registrationResultSchema, type Registration } from '../../../shared/contracts/clients';
import { inviteAcceptedSchema, inviteDetailsSchema, type InviteProof } from '../../../shared/contracts/users';
import { api, ApiRequestError } from '../../api/http';

export const registerKeys = {
  all: ['register'] as const,
  invite: (code: string) => [...registerKeys.all, 'invite', code] as const,
};

/** The invitation behind `code` (410 when invalid, expired, revoked or used). */
export const inviteQuery = (code: string) =>
  queryOptions({
    queryKey: registerKeys.invite(code),
    queryFn: () => api.post('/api/client/user/invite/validate/', { invite_code: code }, { schema: inviteDetailsSchema }),
    staleTime: Infinity,
    retry: false,
  });

/** True when the server says the invitation cannot be used (its 410). */
export const isInviteGone = (error: unknown) => error instanceof ApiRequestError && error.status === 410;

/** Accepts the invitation of a person who already has an account, with their password or a login OTP. */
export function acceptInvite(code: string, proof: InviteProof) {
  return api.post('/api/client/user/invite/accept/', { invite_code: code, ...proof }, { schema: inviteAcceptedSchema });
}

/** Registers the invited person (who has no account yet): sets their details and password, activates the account. */
export function registerFromInvite(payload: Registration) {
  return api.post('/api/client/register/', payload, { schema: registrationResultSchema });
}
