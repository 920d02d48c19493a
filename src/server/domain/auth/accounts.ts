/** Reads users and their client memberships for sign-in and for every authenticated request. */
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Principal } from '../../../shared/accessPolicy.js';
import type { Db, DbOrTx } from '../../db/database.js';
import { clients, permissions, userAccounts, users } from '../../db/schema.js';

/** The user with this e-mail (any case), or undefined. */
export async function findUserByEmail(db: Db, email: string) {
  const [user] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`);
  return user;
}

/** The user with this mobile number (compared on its last 10 digits), or undefined. */
export async function findUserByMobile(db: Db, mobile: string) {
  const digits = mobile.replace(/\D/g, '').slice(-10);
  const [user] = await db
    .select()
    .from(users)
    .where(sql`right(regexp_replace(${users.mobile}, '\\D', '', 'g'), 10) = ${digits}`);
  return user;
}

/** The account a sign-in opens: the user's first active membership. */
export async function firstActiveAccount(db: DbOrTx, userId: number) {
  const [account] = await db
    .select()
    .from(userAccounts)
    .where(and(eq(userAccounts.userId, userId), eq(userAccounts.status, 'active')))
    .orderBy(asc(userAccounts.id))
    .limit(1);
  return account;
}

/** Who is calling, from an active account; null when the account is gone or not active. */
export async function loadPrincipal(db: Db, userAccountId: number): Promise<Principal | null> {
  const [row] = await db
    .select({ account: userAccounts, tier: clients.tier, isOperator: clients.isOperator })
    .from(userAccounts)
    .innerJoin(clients, eq(clients.id, userAccounts.clientId))
    .where(and(eq(userAccounts.id, userAccountId), eq(userAccounts.status, 'active')));
  if (!row) return null;
  const granted = await db.select({ code: permissions.code }).from(permissions).where(eq(permissions.userAccountId, userAccountId));
  return {
    userId: row.account.userId,
    userAccountId,
    clientId: row.account.clientId,
    roles: row.account.roles,
    permissions: granted.map((p) => p.code),
    tier: row.tier,
    isOperator: row.isOperator,
  };
}
