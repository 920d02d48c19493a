/**
 * The counterparties a dealer can address a one-to-one quote to (spec 02 §2-3): dealers of other
 * trading clients (Member) and those clients (Company). Only clients with an active dealer are
 * counterparties; the venue operator and offline records never are. A broker's end clients are
 * the clients that trade through it (client_brokers). Nothing is found below 3 characters (spec 02 §5).
 */
import { and, asc, eq, ilike, inArray, ne, or, sql } from 'drizzle-orm';
import type { Principal } from '../../../shared/accessPolicy.js';
import { CHATTER_USER_SEARCH_PAGE_SIZE } from '../../../shared/constants.js';
import type { Counterparty, CounterpartyScope } from '../../../shared/contracts/counterparties.js';
import { canSearch } from '../../../shared/validation/search.js';
import type { Db } from '../../db/database.js';
import { clientBrokers, clients, exchangeCredentials, userAccounts, users } from '../../db/schema.js';
import { containsPattern } from '../users/lookups.js';

/** Members then companies matching `search`, each group at most one page (20). */
export async function searchCounterparties(
  db: Db,
  principal: Principal,
  search: string,
  scope: CounterpartyScope = 'counterparties',
): Promise<Counterparty[]> {
  const term = search.trim();
  if (!canSearch(term)) return [];
  const pattern = containsPattern(term);
  if (scope === 'end_clients') return endClients(db, principal, pattern);
  const tradingClient = and(ne(clients.id, principal.clientId), eq(clients.isOperator, false), eq(clients.offlineRecord, false));
  const activeDealer = and(eq(userAccounts.status, 'active'), sql`'clientdealer' = ANY(${userAccounts.roles})`);
  const fullName = sql<string>`${users.firstName} || ' ' || ${users.lastName}`;

  const members = await db
    .select({ userId: users.id, clientId: clients.id, userName: fullName, clientName: clients.name })
    .from(userAccounts)
    .innerJoin(users, eq(users.id, userAccounts.userId))
    .innerJoin(clients, eq(clients.id, userAccounts.clientId))
    .where(and(tradingClient, activeDealer, or(ilike(fullName, pattern), ilike(users.email, pattern))))
    .orderBy(asc(users.firstName), asc(users.lastName), asc(users.id))
    .limit(CHATTER_USER_SEARCH_PAGE_SIZE);
  const companies = await db
    .selectDistinct({ clientId: clients.id, clientName: clients.name })
    .from(clients)
    .innerJoin(userAccounts, eq(userAccounts.clientId, clients.id))
    .where(and(tradingClient, activeDealer, or(ilike(clients.name, pattern), ilike(clients.slug, pattern))))
    .orderBy(asc(clients.name), asc(clients.id))
    .limit(CHATTER_USER_SEARCH_PAGE_SIZE);

  const codesOf = await participantCodes(db, [...new Set([...members, ...companies].map((row) => row.clientId))]);
  return [
    ...members.map((m): Counterparty => ({
      user_id: m.userId,
      client_id: m.clientId,
      ...codesOf(m.clientId),
      user_name: m.userName,
      brand_name: m.clientName,
      name: m.userName,
      group: 'Member',
    })),
    ...companies.map((c) => company(c, codesOf)),
  ];
}

/** The clients that trade through the caller's (broker) client, by name. */
async function endClients(db: Db, principal: Principal, pattern: string): Promise<Counterparty[]> {
  const rows = await db
    .select({ clientId: clients.id, clientName: clients.name })
    .from(clientBrokers)
    .innerJoin(clients, eq(clients.id, clientBrokers.clientId))
    .where(and(eq(clientBrokers.brokerClientId, principal.clientId), or(ilike(clients.name, pattern), ilike(clients.slug, pattern))))
    .orderBy(asc(clients.name), asc(clients.id))
    .limit(CHATTER_USER_SEARCH_PAGE_SIZE);
  const codesOf = await participantCodes(
    db,
    rows.map((row) => row.clientId),
  );
  return rows.map((row) => company(row, codesOf));
}

type CodesOf = (clientId: number) => Pick<Counterparty, 'nsccl_code' | 'iccl_code'>;

const company = (c: { clientId: number; clientName: string }, codesOf: CodesOf): Counterparty => ({
  user_id: null,
  client_id: c.clientId,
  ...codesOf(c.clientId),
  user_name: null,
  brand_name: c.clientName,
  name: c.clientName,
  group: 'Company',
});

/** The clearing-corporation participant codes of these clients (NSCCL, ICCL), by client. */
async function participantCodes(db: Db, clientIds: number[]): Promise<CodesOf> {
  const rows =
    clientIds.length === 0
      ? []
      : await db
          .select({ clientId: exchangeCredentials.clientId, corp: exchangeCredentials.corp, code: exchangeCredentials.participantCode })
          .from(exchangeCredentials)
          .where(inArray(exchangeCredentials.clientId, clientIds));
  const codes = new Map(rows.map((row) => [`${row.clientId}:${row.corp}`, row.code]));
  return (clientId) => ({ nsccl_code: codes.get(`${clientId}:NSCCL`) ?? null, iccl_code: codes.get(`${clientId}:ICCL`) ?? null });
}
