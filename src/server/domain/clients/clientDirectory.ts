/** Client look-ups across tenants: the partner directory, custodians, and a client by its website. */
import { and, asc, eq, ilike, isNotNull, or } from 'drizzle-orm';
import { websiteHost } from '../../../shared/contracts/clients.js';
import type { Db } from '../../db/database.js';
import { clients } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { containsPattern } from '../users/lookups.js';

export const DIRECTORY_LIMIT = 50;

export interface DirectoryFilter {
  search?: string;
  is_partner?: boolean;
  offline_record?: boolean;
}

/** Clients by name or slug, partner and offline-record flags, at most 50, by name. */
export async function listClients(db: Db, filter: DirectoryFilter) {
  const pattern = filter.search ? containsPattern(filter.search) : undefined;
  const rows = await db
    .select()
    .from(clients)
    .where(
      and(
        pattern ? or(ilike(clients.name, pattern), ilike(clients.slug, pattern)) : undefined,
        filter.is_partner === undefined ? undefined : eq(clients.isPartner, filter.is_partner),
        filter.offline_record === undefined ? undefined : eq(clients.offlineRecord, filter.offline_record),
      ),
    )
    .orderBy(asc(clients.name))
    .limit(DIRECTORY_LIMIT);
  return rows.map((c) => ({
    id: c.id,
    name: c.name,
    slug: c.slug,
    client_type: c.clientType,
    is_partner: c.isPartner,
    offline_record: c.offlineRecord,
    is_broker: c.isBroker,
  }));
}

/** Custodian clients whose name contains `search`, at most 50. */
export async function searchCustodians(db: Db, search?: string) {
  const rows = await db
    .select({ client_id: clients.id, name: clients.name })
    .from(clients)
    .where(and(eq(clients.isCustodian, true), search ? ilike(clients.name, containsPattern(search)) : undefined))
    .orderBy(asc(clients.name))
    .limit(DIRECTORY_LIMIT);
  return rows;
}

/** The client whose website has the same host as `website` ('www.' and scheme ignored); else 404. */
export async function clientByWebsite(db: Db, website: string): Promise<{ id: number; name: string }> {
  const host = websiteHost(website);
  if (!host) throw new AppError('NOT_FOUND');
  // Narrow in SQL by the host text, then compare hosts exactly ('acme.in' must not match 'notacme.in').
  const candidates = await db
    .select({ id: clients.id, name: clients.name, website: clients.website })
    .from(clients)
    .where(and(isNotNull(clients.website), ilike(clients.website, containsPattern(host))))
    .orderBy(asc(clients.id));
  const match = candidates.find((c) => c.website !== null && websiteHost(c.website) === host);
  if (!match) throw new AppError('NOT_FOUND', 'No client has this website.');
  return { id: match.id, name: match.name };
}
