/** User accounts, roles and invitations of the caller's client (spec 01 §7 Client). */
import { queryOptions, useQueryClient } from '@tanstack/react-query';
import { detailSchema } from '../../../shared/contracts/auth';
import { userAccountListSchema, userAccountSchema, type InviteInput } from '../../../shared/contracts/users';
import type { Role } from '../../../shared/enums';
import { api } from '../../api/http';
import { useLiveMessages } from '../../app/liveMessages';

export const userKeys = {
  all: ['useraccounts'] as const,
  lists: () => [...userKeys.all, 'list'] as const,
  list: (search: string) => [...userKeys.lists(), { search }] as const,
};

export const userListQuery = (search: string) =>
  queryOptions({
    queryKey: userKeys.list(search),
    queryFn: () => api.get('/api/useraccounts/', { query: { search: search || undefined }, schema: userAccountListSchema }),
    select: (data) => data.results,
    placeholderData: (previous) => previous,
  });

export function inviteUser(input: InviteInput) {
  return api.post('/api/client/user/invite/', input, { schema: userAccountSchema });
}

export function changeUserRoles(userAccountId: number, roles: Role[]) {
  return api.put('/api/client/user/', { user_account_id: userAccountId, roles }, { schema: userAccountSchema });
}

export function revokeInvite(inviteeId: number) {
  return api.post('/api/client/user/invite/revoke/', { invitee_id: inviteeId }, { schema: detailSchema });
}

/** Refetches the user list when the live feed says a user of this client changed (roles, invitations). */
export function useLiveUserList(): void {
  const queryClient = useQueryClient();
  useLiveMessages('partial_refresh', (message) => {
    if (message.topic === 'users') void queryClient.invalidateQueries({ queryKey: userKeys.lists() });
  });
}
