/**
 * The OpsAdmin's user list and role changes (spec 01 §7 useraccounts, PUT client/user). Every
 * query is scoped to the caller's client: another client's account reads as not found.
 */
import { and, arrayContains, asc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Principal } from '../../../shared/accessPolicy.js';
import type { Clock } from '../../../shared/clock.js';
import type { UserAccountView } from '../../../shared/contracts/users.js';
import type { AccountStatus, Role } from '../../../shared/enums.js';
import type { Db, DbOrTx } from '../../db/database.js';
import { clients, permissions, userAccounts, users } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { appendEvent } from '../../events/eventLog.js';
import type { ServiceDeps } from '../../serviceDeps.js';
import { rewriteGrants } from './grants.js';
import { containsPattern } from './lookups.js';

const OPSADMIN: Role = 'clientopsadmin';

// The name this client sees: the inviter's spelling until the person joins, then their own.
const shownFirstName = sql<string>`coalesce(${userAccounts.invitedFirstName}, ${users.firstName})`;
const shownLastName = sql<string>`coalesce(${userAccounts.invitedLastName}, ${users.lastName})`;

async function accountViews(tx: DbOrTx, clientId: number, filter?: SQL): Promise<UserAccountView[]> {
  const rows = await tx
    .select({ account: userAccounts, user: users, firstName: shownFirstName, lastName: shownLastName })
    .from(userAccounts)
    .innerJoin(users, eq(users.id, userAccounts.userId))
    .where(and(eq(userAccounts.clientId, clientId), filter))
    .orderBy(asc(shownFirstName), asc(shownLastName), asc(userAccounts.id));
  const ids = rows.map((r) => r.account.id);
  const grants = ids.length === 0 ? [] : await tx.select().from(permissions).where(inArray(permissions.userAccountId, ids));
  return rows.map(({ account, user, firstName, lastName }) => {
    // Someone who has not joined is not this client's to see: not their id, not their mobile.
    const joined = account.invitedFirstName === null;
    return {
      id: account.id,
      user_id: joined ? user.id : null,
      first_name: firstName,
      last_name: lastName,
      name: `${firstName} ${lastName}`.trim(),
      email: joined ? user.email : user.email.toLowerCase(),
      mobile: joined ? user.mobile : null,
      roles: account.roles,
      status: account.status as AccountStatus,
      permissions: grants.filter((g) => g.userAccountId === account.id).map((g) => g.code),
    };
  });
}

/** One account of `clientId`, or undefined. */
export async function accountView(tx: DbOrTx, clientId: number, userAccountId: number): Promise<UserAccountView | undefined> {
  const [view] = await accountViews(tx, clientId, eq(userAccounts.id, userAccountId));
  return view;
}

/** The accounts of the caller's client, optionally those whose name or e-mail contains `search`. */
export function listAccounts(db: Db, principal: Principal, search?: string): Promise<UserAccountView[]> {
  const pattern = search ? containsPattern(search) : undefined;
  const filter = pattern ? or(ilike(shownFirstName, pattern), ilike(shownLastName, pattern), ilike(users.email, pattern)) : undefined;
  return accountViews(db, principal.clientId, filter);
}

/**
 * Sets the roles of an account of the caller's client. An OpsAdmin cannot change their own
 * roles, and a client always keeps one active OpsAdmin (409 otherwise).
 */
export async function changeRoles(
  db: Db,
  clock: Clock,
  principal: Principal,
  userAccountId: number,
  roles: Role[],
): Promise<UserAccountView> {
  return db.transaction(async (tx) => {
    // Lock the client's active OpsAdmins first, always in id order, so two admins demoting each
    // other at once queue up instead of deadlocking, and the second sees the first's result.
    const admins = await tx
      .select({ id: userAccounts.id })
      .from(userAccounts)
      .where(
        and(
          eq(userAccounts.clientId, principal.clientId),
          eq(userAccounts.status, 'active'),
          arrayContains(userAccounts.roles, [OPSADMIN]),
        ),
      )
      .orderBy(asc(userAccounts.id))
      .for('update');
    const [account] = await tx
      .select()
      .from(userAccounts)
      .where(and(eq(userAccounts.id, userAccountId), eq(userAccounts.clientId, principal.clientId)))
      .for('update');
    if (!account) throw new AppError('NOT_FOUND', 'There is no such user at your client.');
    if (account.userId === principal.userId) throw new AppError('OWN_ROLES');
    const before = account.roles;
    if (account.status === 'active' && before.includes(OPSADMIN) && !roles.includes(OPSADMIN) && !admins.some((a) => a.id !== account.id)) {
      throw new AppError('LAST_OPSADMIN');
    }
    const [client] = await tx.select({ tier: clients.tier }).from(clients).where(eq(clients.id, principal.clientId));
    if (!client) throw new AppError('NOT_FOUND');
    await tx.update(userAccounts).set({ roles }).where(eq(userAccounts.id, account.id));
    await rewriteGrants(tx, account.id, roles, client.tier);
    await appendEvent(tx, clock, {
      type: 'user_account.roles_changed',
      aggregateId: account.id,
      clientId: principal.clientId,
      actorUserId: principal.userId,
      payload: { from: before, to: roles },
    });
    const view = await accountView(tx, principal.clientId, account.id);
    if (!view) throw new Error(`account ${account.id} vanished`);
    return view;
  });
}

/** The user-account service of the OpsAdmin's users screen. */
export function createUserAccountService({ db, clock }: ServiceDeps) {
  return {
    list: (principal: Principal, search?: string) => listAccounts(db, principal, search),
    changeRoles: (principal: Principal, userAccountId: number, roles: Role[]) => changeRoles(db, clock, principal, userAccountId, roles),
  };
}
