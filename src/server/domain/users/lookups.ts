/** Small queries shared by the account, invitation and registration services. */
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database.js';
import { users } from '../../db/schema.js';

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
