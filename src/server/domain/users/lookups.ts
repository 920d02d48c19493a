/** Small queries shared by the account, invitation and registration services. */
import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database.js';
import { userAccounts, users } from '../../db/schema.js';

/** The user with this e-mail (any case), or undefined; inside a transaction when given one. */
export async function userByEmail(tx: DbOrTx, email: string) {
  const [user] = await tx
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.trim().toLowerCase()}`);
  return user;
}

/** A LIKE pattern matching `term` anywhere, with LIKE's wildcards in the term taken literally. */
export function containsPattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * Whether the person has registered: a password, a PAN or an active account anywhere. Such a
 * person's credentials and identity are theirs alone; an invitation only adds a membership.
 */
export async function hasRegistered(tx: DbOrTx, user: typeof users.$inferSelect): Promise<boolean> {
  if (user.passwordHash !== null || user.pan !== null) return true;
  const [active] = await tx
    .select({ id: userAccounts.id })
    .from(userAccounts)
    .where(and(eq(userAccounts.userId, user.id), eq(userAccounts.status, 'active')))
    .limit(1);
  return active !== undefined;
}
