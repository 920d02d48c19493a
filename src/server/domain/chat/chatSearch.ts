/**
 * People to chat with (`GET api/chat/users/`): active users of every client whose name or firm
 * matches, 20 a page, leaving out oneself and anyone whose security preference (spec 01 §1
 * `direct_chat_from`: anyone / firm / counterparties) would refuse a direct chat from the caller.
 */
import { and, asc, count, eq, ilike, ne, or, sql } from 'drizzle-orm';
import type { Principal } from '../../../shared/accessPolicy.js';
import { CHAT_LIMITS, CHAT_MESSAGES, type ChatUser } from '../../../shared/contracts/chat.js';
import type { Db } from '../../db/database.js';
import { clients, userAccounts, users } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { escapeLike } from '../finder/filters.js';

export async function searchChatters(
  db: Db,
  caller: Principal,
  search: string,
  page: number,
): Promise<{ results: ChatUser[]; count: number }> {
  const text = search.trim();
  if (text.length < CHAT_LIMITS.userSearchMinChars)
    throw new AppError('VALIDATION_FAILED', CHAT_MESSAGES.searchTooShort, { search: CHAT_MESSAGES.searchTooShort });
  const pattern = `%${escapeLike(text)}%`;
  const rule = sql`${users.securityPreferences}->>'direct_chat_from'`;
  const where = and(
    eq(userAccounts.status, 'active'),
    ne(users.id, caller.userId),
    or(ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, pattern), ilike(clients.name, pattern)),
    or(
      sql`${rule} is null`,
      sql`${rule} = 'anyone'`,
      eq(userAccounts.clientId, caller.clientId),
      and(
        sql`${rule} = 'counterparties'`,
        sql`exists (select 1 from orders o where (o.buyer_client_id = ${userAccounts.clientId} and o.seller_client_id = ${caller.clientId})
        or (o.seller_client_id = ${userAccounts.clientId} and o.buyer_client_id = ${caller.clientId}))`,
      ),
    ),
  );
  const from = () =>
    db
      .select({
        userId: users.uniqueId,
        firstName: users.firstName,
        lastName: users.lastName,
        brandName: clients.name,
        clientId: clients.id,
      })
      .from(userAccounts)
      .innerJoin(users, eq(users.id, userAccounts.userId))
      .innerJoin(clients, eq(clients.id, userAccounts.clientId));
  const [total] = await db
    .select({ n: count() })
    .from(userAccounts)
    .innerJoin(users, eq(users.id, userAccounts.userId))
    .innerJoin(clients, eq(clients.id, userAccounts.clientId))
    .where(where);
  const size = CHAT_LIMITS.userSearchPageSize;
  const rows = await from()
    .where(where)
    .orderBy(asc(users.firstName), asc(users.lastName), asc(userAccounts.id))
    .limit(size)
    .offset((page - 1) * size);
  return {
    results: rows.map((r) => ({
      userId: r.userId,
      nickname: `${r.firstName} ${r.lastName}`.trim(),
      brand_name: r.brandName,
      client_id: r.clientId,
    })),
    count: total?.n ?? 0,
  };
}
