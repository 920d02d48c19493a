import { describe, expect, it } from 'vitest';
import type { Permission, Role } from './enums.js';
import { decidePageAccess, homePath, type GuardSession } from './pageAccess.js';
import { PAGE_ROUTES } from './pageRoutes.js';

const route = (path: string) => {
  const found = PAGE_ROUTES.find((r) => r.path === path);
  if (!found) throw new Error(`no route ${path}`);
  return found;
};
const signedIn = (roles: Role[], permissions: Permission[] = []): GuardSession => ({ status: 'authenticated', roles, permissions });
const loggedOut: GuardSession = { status: 'unauthenticated', roles: [], permissions: [] };

describe('page guards (spec 01 §2)', () => {
  it('sends a logged-out user on a login page to the login page with the original path', () => {
    expect(decidePageAccess(route('/dart'), loggedOut, '/dart')).toEqual({ kind: 'redirect', to: '/auth/login?redirect=%2Fdart' });
  });

  it('lets anyone see public pages', () => {
    expect(decidePageAccess(route('/find'), loggedOut, '/find')).toEqual({ kind: 'allow' });
  });

  it('sends a signed-in user away from unauthenticated-only pages to /', () => {
    const onlyGuests = { id: 'x', path: '/x', access: { kind: 'unauthenticatedOnly' }, title: 'X' } as const;
    expect(decidePageAccess(onlyGuests, signedIn(['user']), '/x')).toEqual({ kind: 'redirect', to: '/' });
  });

  it('runs the login redirect step: a signed-in user goes on to ?redirect= or home', () => {
    expect(decidePageAccess(route('/auth/login'), signedIn(['clientdealer', 'user']), '/auth/login?redirect=%2Fsecurity%2F7')).toEqual({
      kind: 'redirect',
      to: '/security/7',
    });
    expect(decidePageAccess(route('/auth/login'), signedIn(['complianceofficer', 'user']), '/auth/login')).toEqual({
      kind: 'redirect',
      to: '/surveillance',
    });
    expect(decidePageAccess(route('/auth/login'), signedIn(['user']), '/auth/login?redirect=//evil.example')).toEqual({
      kind: 'redirect',
      to: '/dart',
    });
    expect(decidePageAccess(route('/auth/login'), loggedOut, '/auth/login?redirect=%2Fdart')).toEqual({ kind: 'allow' });
  });

  it('gives 401 when none of the required roles is held, and passes with any one of them', () => {
    expect(decidePageAccess(route('/manage-users'), signedIn(['clientdealer', 'user']), '/manage-users')).toEqual({
      kind: 'error',
      status: 401,
    });
    expect(decidePageAccess(route('/client/transactions'), signedIn(['backoffice']), '/client/transactions')).toEqual({ kind: 'allow' });
  });

  it('lets any signed-in account, even a viewer-only one, open pages without a role list', () => {
    expect(decidePageAccess(route('/dart'), signedIn(['clientviewer']), '/dart')).toEqual({ kind: 'allow' });
    expect(decidePageAccess(route('/profile'), signedIn(['clientviewer']), '/profile')).toEqual({ kind: 'allow' });
  });

  it('needs every listed permission', () => {
    const inventory = route('/inventory');
    expect(decidePageAccess(inventory, signedIn(['user']), '/inventory')).toEqual({ kind: 'error', status: 401 });
    expect(decidePageAccess(inventory, signedIn(['user'], ['inventory.has_inventory_access']), '/inventory')).toEqual({ kind: 'allow' });
    // A BASIC client meets the premium wall, whose Request Upgrade files the inventory request type.
    expect(decidePageAccess(inventory, { ...signedIn(['clientdealer']), tier: 'BASIC' }, '/inventory')).toEqual({
      kind: 'error',
      status: 402,
      upgradeRequest: 'REQUEST_ACCESS_INVENTORY',
    });
    expect(decidePageAccess(inventory, { ...signedIn(['clientviewer']), tier: 'PREMIUM' }, '/inventory')).toEqual({
      kind: 'error',
      status: 401,
    });
  });

  it('blocks compliance users from compliance-restricted pages', () => {
    expect(decidePageAccess(route('/dart'), signedIn(['complianceofficer', 'user']), '/dart')).toEqual({ kind: 'error', status: 401 });
    expect(decidePageAccess(route('/dart'), signedIn(['clientdealer', 'user']), '/dart')).toEqual({ kind: 'allow' });
  });

  it('closes the chat page to view-only users (viewers, compliance) and opens it to people who may chat', () => {
    expect(decidePageAccess(route('/chat'), signedIn(['clientviewer']), '/chat')).toEqual({ kind: 'error', status: 401 });
    expect(decidePageAccess(route('/chat'), signedIn(['complianceofficer', 'user']), '/chat')).toEqual({ kind: 'error', status: 401 });
    expect(decidePageAccess(route('/chat'), signedIn(['clientdealer', 'user']), '/chat')).toEqual({ kind: 'allow' });
    expect(decidePageAccess(route('/chat'), signedIn(['user']), '/chat')).toEqual({ kind: 'allow' });
  });

  it('fails a validate rule with 404, or the status the route names', () => {
    expect(decidePageAccess(route('/security/:id'), signedIn(['user']), '/security/abc', false)).toEqual({ kind: 'error', status: 404 });
    expect(decidePageAccess(route('/client/register'), loggedOut, '/client/register', false)).toEqual({ kind: 'error', status: 410 });
  });

  it('redirect-only routes go to the dashboard', () => {
    expect(decidePageAccess(route('/market'), loggedOut, '/market')).toEqual({ kind: 'redirect', to: '/dart' });
  });

  it('waits while the session is loading on non-public pages', () => {
    expect(decidePageAccess(route('/profile'), { status: 'loading', roles: [], permissions: [] }, '/profile')).toEqual({ kind: 'wait' });
  });

  it('homes compliance users on /surveillance, others on /dart, logged-out users on /', () => {
    expect(homePath(signedIn(['complianceofficer', 'user']))).toBe('/surveillance');
    expect(homePath(signedIn(['clientdealer', 'user']))).toBe('/dart');
    expect(homePath(loggedOut)).toBe('/');
  });
});
