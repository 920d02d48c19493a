/**
 * Requests of spec 01 §3 (upgrade walls, access requests, issue reports, contact) from signed-in
 * users, and leads from the public forms, which have a contact but no client or user. Each opens a
 * support ticket too: the support service files both together.
 */
import { and, desc, eq, gt, sql } from 'drizzle-orm';
import type { Principal } from '../../../shared/accessPolicy.js';
import type { RequestView } from '../../../shared/contracts/requests.js';
import type { RequestType } from '../../../shared/enums.js';
import type { Db, DbOrTx } from '../../db/database.js';
import { requests, users } from '../../db/schema.js';
import type { ServiceDeps } from '../../serviceDeps.js';

const LIST_LIMIT = 200;

type Row = typeof requests.$inferSelect;
type UserRow = Pick<typeof users.$inferSelect, 'id' | 'firstName' | 'lastName' | 'email'>;

function view(row: Row, user: UserRow | null): RequestView {
  return {
    id: row.id,
    request_type: row.requestType as RequestType,
    message: row.message,
    context: row.context as Record<string, unknown>,
    status: row.status,
    created_at: row.createdAt.toISOString(),
    user: user ? { id: user.id, name: `${user.firstName} ${user.lastName}`.trim(), email: user.email } : null,
  };
}

export type NewRequest = Omit<typeof requests.$inferInsert, 'id' | 'status'> & { requestType: RequestType };

/** Inserts a request and returns its view. */
export async function insertRequest(tx: DbOrTx, request: NewRequest): Promise<RequestView> {
  const [row] = await tx.insert(requests).values(request).returning();
  if (!row) throw new Error('request insert returned no row');
  const [user] = row.userId === null ? [] : await tx.select().from(users).where(eq(users.id, row.userId));
  return view(row, user ?? null);
}

/** The requests of the caller's client, newest first. */
export async function listRequests(db: Db, principal: Principal): Promise<RequestView[]> {
  const rows = await db
    .select({ request: requests, user: { id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email } })
    .from(requests)
    .leftJoin(users, eq(users.id, requests.userId))
    .where(eq(requests.clientId, principal.clientId))
    .orderBy(desc(requests.createdAt), desc(requests.id))
    .limit(LIST_LIMIT);
  return rows.map((r) => view(r.request, r.user));
}

/** How many requests the public forms took from `email` since `since` (any letter case). */
export async function countRequestsFromAddress(tx: DbOrTx, email: string, since: Date): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(requests)
    .where(and(sql`lower(${requests.contact}->>'email') = ${email.toLowerCase()}`, gt(requests.createdAt, since)));
  return row?.n ?? 0;
}

/** The request service: OpsAdmins list their client's requests (filing goes through the support service). */
export function createRequestService({ db }: ServiceDeps) {
  return {
    list: (principal: Principal) => listRequests(db, principal),
  };
}
