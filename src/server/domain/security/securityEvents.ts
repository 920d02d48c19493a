/**
 * Security events for compliance (issue #21 item 7): a firm's compliance officers read their own
 * firm's; the venue operator's (clients.is_operator) read every firm's, and the sign-in attempts on
 * no known account. Newest first.
 */
import { and, count, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { Principal } from '../../../shared/accessPolicy.js';
import { SECURITY_EVENT_TYPES, type SecurityEvent, type SecurityEventQuery } from '../../../shared/contracts/securityEvents.js';
import { clients, events } from '../../db/schema.js';
import type { ServiceDeps } from '../../serviceDeps.js';
import { AppError } from '../../errors.js';

export function createSecurityEventService({ db }: Pick<ServiceDeps, 'db'>) {
  async function firmFilter(principal: Principal): Promise<SQL | undefined> {
    if (!principal.roles.includes('complianceofficer')) throw new AppError('FORBIDDEN');
    const [client] = await db.select({ isOperator: clients.isOperator }).from(clients).where(eq(clients.id, principal.clientId));
    return client?.isOperator ? undefined : eq(events.clientId, principal.clientId);
  }

  return {
    async list(principal: Principal, query: SecurityEventQuery) {
      const where = and(inArray(events.type, query.type ? [query.type] : [...SECURITY_EVENT_TYPES]), await firmFilter(principal));
      const [total] = await db.select({ n: count() }).from(events).where(where);
      const rows = await db
        .select()
        .from(events)
        .where(where)
        .orderBy(desc(events.id))
        .limit(query.page_size)
        .offset((query.page - 1) * query.page_size);
      const results: SecurityEvent[] = rows.map((row) => ({
        id: row.id,
        type: row.type as SecurityEvent['type'],
        occurred_at: row.occurredAt.toISOString(),
        client_id: row.clientId,
        actor_user_id: row.actorUserId,
        aggregate_type: row.aggregateType,
        aggregate_id: row.aggregateId,
        payload: row.payload as Record<string, unknown>,
      }));
      return { count: total?.n ?? 0, page: query.page, page_size: query.page_size, results };
    },
  };
}
export type SecurityEventService = ReturnType<typeof createSecurityEventService>;
