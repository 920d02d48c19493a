/**
 * Who a dealer can deal with or through (spec 01 §7 Client and Trade): the broker firms that can
 * facilitate a negotiation, the brokers the caller's client trades through (its agents), and the
 * traders of a client for the counterparty search. Only names and ids: no e-mails, no mobiles.
 */
import { and, asc, count, eq, ilike, or, sql } from 'drizzle-orm';
import type { Principal } from '../../../shared/accessPolicy.js';
import { CHATTER_USER_SEARCH_PAGE_SIZE } from '../../../shared/constants.js';
import { type ClientUsersPage, type ClientUsersQuery, TRADE_MESSAGES } from '../../../shared/contracts/trading.js';
import type { DbOrTx } from '../../db/database.js';
import { clientBrokers, clients, permissions, userAccounts, users } from '../../db/schema.js';
import { AppError } from '../../errors.js';

/** GET api/trade/facilitator/: every broker firm, by name. */
export function facilitators(db: DbOrTx) {
  return db
    .select({ id: clients.id, name: clients.name })
    .from(clients)
    .where(eq(clients.isBroker, true))
    .orderBy(asc(clients.name), asc(clients.id));
}

/** GET api/trade/agent/: the broker firms the caller's client trades through (client_brokers). */
export function agents(db: DbOrTx, principal: Principal) {
  return db
    .select({ id: clients.id, name: clients.name })
    .from(clientBrokers)
    .innerJoin(clients, eq(clients.id, clientBrokers.brokerClientId))
    .where(eq(clientBrokers.clientId, principal.clientId))
    .orderBy(asc(clients.name), asc(clients.id));
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * GET api/trade/client/users/{id}/: the active users of client `id` who may trade, by name, 20 a
 * page; `search_param` matches the first or last name.
 */
export async function clientUsers(db: DbOrTx, clientId: number, query: ClientUsersQuery): Promise<ClientUsersPage> {
  const [client] = await db.select({ id: clients.id }).from(clients).where(eq(clients.id, clientId));
  if (!client) throw new AppError('NOT_FOUND', TRADE_MESSAGES.clientNotFound);
  const pattern = query.search_param ? `%${escapeLike(query.search_param)}%` : undefined;
  const where = and(
    eq(userAccounts.clientId, clientId),
    eq(userAccounts.status, 'active'),
    eq(permissions.code, 'client.can_trade'),
    pattern
      ? or(
          ilike(users.firstName, pattern),
          ilike(users.lastName, pattern),
          ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, pattern),
        )
      : undefined,
  );
  const rows = await db
    .select({ id: userAccounts.id, clientId: userAccounts.clientId, first: users.firstName, last: users.lastName })
    .from(userAccounts)
    .innerJoin(users, eq(users.id, userAccounts.userId))
    .innerJoin(permissions, eq(permissions.userAccountId, userAccounts.id))
    .where(where)
    .orderBy(asc(users.firstName), asc(users.lastName), asc(userAccounts.id))
    .limit(CHATTER_USER_SEARCH_PAGE_SIZE)
    .offset((query.page - 1) * CHATTER_USER_SEARCH_PAGE_SIZE);
  const [total] = await db
    .select({ n: count() })
    .from(userAccounts)
    .innerJoin(users, eq(users.id, userAccounts.userId))
    .innerJoin(permissions, eq(permissions.userAccountId, userAccounts.id))
    .where(where);
  return {
    results: rows.map((r) => ({ id: r.id, client_id: r.clientId, name: `${r.first} ${r.last}` })),
    count: total?.n ?? 0,
    page: query.page,
    page_size: CHATTER_USER_SEARCH_PAGE_SIZE,
  };
}
