/** The page guard of spec 01 §2 as a pure decision, so it is testable without a browser. */
import type { ClientTier, Permission, RequestType, Role } from './enums.js';
import { LOGIN_PATH, REDIRECT_PARAM, type PageRoute } from './pageRoutes.js';

export interface GuardSession {
  status: 'loading' | 'authenticated' | 'unauthenticated';
  roles: readonly Role[];
  permissions: readonly Permission[];
  /** The client's tier, once the profile is known. */
  tier?: ClientTier;
}

export type AccessDecision =
  | { kind: 'allow' }
  | { kind: 'wait' }
  | { kind: 'redirect'; to: string }
  | { kind: 'error'; status: number; message?: string; upgradeRequest?: RequestType };

const sameSet = (a: readonly string[], b: readonly string[]) => a.length === b.length && b.every((x) => a.includes(x));

/** A compliance user holds exactly the compliance role and the base role (spec 01 §6). */
export const isComplianceUser = (roles: readonly Role[]) => sameSet(roles, ['complianceofficer', 'user']);
/** A viewer-only user holds exactly the viewer role. */
export const isViewerOnly = (roles: readonly Role[]) => sameSet(roles, ['clientviewer']);

/** Home after login: /surveillance for compliance users, /dart for everyone else; / when logged out. */
export function homePath(session: GuardSession): string {
  if (session.status !== 'authenticated') return '/';
  return isComplianceUser(session.roles) ? '/surveillance' : '/dart';
}

/** A same-site path from the redirect parameter of `search`; anything else (e.g. //evil.example) is ignored. */
export function safeRedirectTarget(search: string): string | null {
  const target = new URLSearchParams(search).get(REDIRECT_PARAM);
  return target && target.startsWith('/') && !target.startsWith('//') ? target : null;
}

/** Decides what happens when `session` opens `route` at `path` (with its query string). */
export function decidePageAccess(route: PageRoute, session: GuardSession, pathWithQuery: string, validateOk = true): AccessDecision {
  const { access } = route;
  if (access.kind === 'redirectOnly') return { kind: 'redirect', to: access.to };
  if (access.kind !== 'public' && session.status === 'loading') return { kind: 'wait' };
  const signedIn = session.status === 'authenticated';
  if (access.kind === 'unauthenticatedOnly' && signedIn) return { kind: 'redirect', to: '/' };
  if (route.redirectStep && signedIn) {
    return { kind: 'redirect', to: safeRedirectTarget(pathWithQuery.slice(pathWithQuery.indexOf('?') + 1)) ?? homePath(session) };
  }
  if (access.kind === 'login') {
    if (!signedIn) return { kind: 'redirect', to: `${LOGIN_PATH}?${REDIRECT_PARAM}=${encodeURIComponent(pathWithQuery)}` };
    // Without a role list any signed-in account passes: see docs/adr/0003-default-page-role.md.
    const hasRole = !access.roles || access.roles.some((r) => session.roles.includes(r));
    const hasPermissions = (access.permissions ?? []).every((p) => session.permissions.includes(p));
    const blocked =
      (access.complianceRestricted === true && isComplianceUser(session.roles)) ||
      (access.viewOnlyRestricted === true && (isComplianceUser(session.roles) || isViewerOnly(session.roles)));
    if (!hasRole || blocked) return { kind: 'error', status: 401 };
    // A tier gate comes before the permissions the tier itself grants (inventory access).
    if (access.premium && session.tier !== undefined && session.tier !== 'PREMIUM')
      return { kind: 'error', status: 402, upgradeRequest: access.premium };
    if (!hasPermissions) return { kind: 'error', status: 401 };
  }
  if (route.validate && !validateOk) {
    return { kind: 'error', status: route.validate.status ?? 404, ...(route.validate.message && { message: route.validate.message }) };
  }
  return { kind: 'allow' };
}
