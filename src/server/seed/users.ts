/**
 * Users, their client memberships and permissions. Demo users (one per role at the PREMIUM and
 * BASIC demo clients, the broker's dealer, and the venue operator's ops admin and two compliance
 * officers) log in as `<role>@<client-slug>.demo` (the second officer as `complianceofficer2@venue.demo`);
 * every seeded address ends in `.demo`, so no mail can reach a real mailbox.
 */
import type { AccountStatus, Permission, Role } from '../../shared/enums.js';
import { permissionsFor } from '../domain/users/grants.js';
import { CLIENTS, DEMO_CLIENT_SLUGS } from './data/clientList.js';
import { DEMO_PEOPLE, DEMO_ROLES, OTHER_USERS } from './data/people.js';

export interface DemoLogin {
  email: string;
  role: string;
  client: string;
  tier: string;
  isBroker: boolean;
  isOperator: boolean;
}

export interface SeedUser {
  email: string;
  firstName: string;
  lastName: string;
  /** Invited users have not set a password yet. */
  hasPassword: boolean;
  accounts: { clientSlug: string; roles: Role[]; status: AccountStatus; permissions: Permission[] }[];
  demo: DemoLogin | null;
}

/**
 * The roles an account holds for its main role. A viewer is read-only and a compliance officer
 * reads platform-wide, so their sets are exact; the others also hold the basic `user` role.
 */
export function rolesFor(role: Role): Role[] {
  if (role === 'clientviewer' || role === 'user') return [role];
  return [role, 'user'];
}

/** Every seeded user with memberships; demo users first, in login order. */
export function buildUsers(): SeedUser[] {
  const bySlug = new Map(CLIENTS.map((c) => [c.slug, c]));
  const clientOf = (slug: string) => {
    const c = bySlug.get(slug);
    if (!c) throw new Error(`Unknown client ${slug}`);
    return c;
  };
  const users: SeedUser[] = [];
  // [client slug, role, the login's local part when a client has two of a role]
  const demoSeats: [string, Role, string?][] = [
    ...[DEMO_CLIENT_SLUGS.premium, DEMO_CLIENT_SLUGS.basic].flatMap((slug) => DEMO_ROLES.map((r): [string, Role] => [slug, r])),
    [DEMO_CLIENT_SLUGS.broker, 'clientdealer'],
    // The venue operator: no dealers; a second compliance officer for four-eyes reviews.
    [DEMO_CLIENT_SLUGS.operator, 'clientopsadmin'],
    [DEMO_CLIENT_SLUGS.operator, 'complianceofficer'],
    [DEMO_CLIENT_SLUGS.operator, 'complianceofficer', 'complianceofficer2'],
  ];
  const seatIndex = new Map<string, number>();
  for (const [slug, role, localPart = role] of demoSeats) {
    const client = clientOf(slug);
    const i = seatIndex.get(slug) ?? 0;
    seatIndex.set(slug, i + 1);
    const [firstName, lastName] = DEMO_PEOPLE[slug]![i]!;
    const email = `${localPart}@${slug}.demo`;
    users.push({
      email,
      firstName,
      lastName,
      hasPassword: true,
      accounts: [{ clientSlug: slug, roles: rolesFor(role), status: 'active', permissions: permissionsFor(role, client.tier) }],
      demo: { email, role, client: slug, tier: client.tier, isBroker: client.broker ?? false, isOperator: client.operator ?? false },
    });
  }
  // A person with seats at two clients is one user with two accounts.
  const byEmail = new Map<string, SeedUser>();
  for (const [firstName, lastName, slug, role, status] of OTHER_USERS) {
    const client = clientOf(slug);
    const key = `${firstName}.${lastName}`;
    const account = { clientSlug: slug, roles: rolesFor(role), status, permissions: permissionsFor(role, client.tier) };
    const existing = byEmail.get(key);
    if (existing) {
      existing.accounts.push(account);
      continue;
    }
    const email = `${key}@${slug}.demo`.toLowerCase();
    const user: SeedUser = { email, firstName, lastName, hasPassword: status !== 'invited', accounts: [account], demo: null };
    byEmail.set(key, user);
    users.push(user);
  }
  return users;
}
