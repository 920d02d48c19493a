/**
 * Requests of spec 01 §3 (upgrade walls, access requests, contact) from signed-in users, and
 * leads from the lite registration form, which have a contact but no client or user.
 */
import { desc, eq } from 'drizzle-orm';
import type { Principal } from '../../../shared/accessPolicy.js';
import type { Clock } from '../../../shared/clock.js';
import type { LiteRegistration } from '../../../shared/contracts/clients.js';
import type { CreateRequest, RequestView } from '../../../shared/contracts/requests.js';
import type { RequestType } from '../../../shared/enums.js';
import type { Db } from '../../db/database.js';
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

/** Stores a request of the caller, at their client, open. */
export async function createRequest(db: Db, clock: Clock, principal: Principal, input: CreateRequest): Promise<RequestView> {
  const [row] = await db.insert(requests).values({
    clientId: principal.clientId, userId: principal.userId, requestType: input.request_type,
    message: input.message || null, context: input.context ?? {}, createdAt: clock.now(),
  }).returning();
  const [user] = await db.select().from(users).where(eq(users.id, principal.userId));
  if (!row) throw new Error('request insert returned no row');
  return view(row, user ?? null);
}

/** The requests of the caller's client, newest first. */
export async function listRequests(db: Db, principal: Principal): Promise<RequestView[]> {
  const rows = await db.select({ request: requests, user: { id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email } })
    .from(requests).leftJoin(users, eq(users.id, requests.userId))
    .where(eq(requests.clientId, principal.clientId))
    .orderBy(desc(requests.createdAt), desc(requests.id)).limit(LIST_LIMIT);
  return rows.map((r) => view(r.request, r.user));
}

/** Stores a lead from the lite registration form as a REQUEST_ACCESS request. */
export async function createLead(db: Db, clock: Clock, lead: LiteRegistration): Promise<void> {
  await db.insert(requests).values({
    requestType: 'REQUEST_ACCESS', contact: { ...lead, email: lead.email.toLowerCase() }, context: { source: 'register-user/lite' }, createdAt: clock.now(),
  });
}

/** The request service: signed-in users file requests, OpsAdmins list their client's. */
export function createRequestService({ db, clock }: ServiceDeps) {
  return {
    create: (principal: Principal, input: CreateRequest) => createRequest(db, clock, principal, input),
    list: (principal: Principal) => listRequests(db, principal),
  };
}
