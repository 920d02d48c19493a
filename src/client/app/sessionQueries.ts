/**
 * The signed-in session profile (spec 01 §3: name, user info, roles, permissions, tier, exchanges)
 * is server data kept by TanStack Query. The session machine's effects fetch it on every sign-in,
 * restore and refresh (system.tsx); pages invalidate it after a change to the profile.
 */
import { queryOptions } from '@tanstack/react-query';
import { sessionSchema } from '../../shared/contracts/auth';
import { api } from '../api/http';

export const sessionKey = ['session'] as const;

/** GET api/session/, with a token just issued (before the machine stores it) or the session's. */
export const fetchSession = (accessToken?: string) => api.get('/api/session/', { schema: sessionSchema, accessToken });

export const sessionQuery = queryOptions({ queryKey: sessionKey, queryFn: () => fetchSession(), staleTime: Infinity });
