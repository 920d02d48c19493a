/**
 * The deterministic demo seed: issuers, ≈30,000 instruments (or a few hundred), ratings, the
 * holiday calendar, clients, users and permissions, inserted in one transaction. The caller
 * decides whether the database still needs seeding.
 */
import { hash } from '@node-rs/argon2';
import type { Db } from '../db/database.js';
import { clientBrokers, clients, finstruments, holidays, issuers, permissions, ratings, userAccounts, users } from '../db/schema.js';
import { inChunks } from './chunks.js';
import { buildBrokerLinks, buildClients } from './clients.js';
import { buildHolidays } from './holidays.js';
import { buildInstruments, type SeedSize } from './instruments.js';
import { buildIssuers } from './issuers.js';
import { buildInstrumentRatings, buildIssuerRatings } from './ratings.js';
import { buildUsers, type DemoLogin } from './users.js';
import { refreshFinderIndex } from '../domain/finder/searchIndex.js';
import { seedTradeTape } from './tradeTape.js';

export type { DemoLogin } from './users.js';

export interface SeedDemoOptions {
  size: SeedSize;
  demoPassword: string;
  /** Business "today" (YYYY-MM-DD): places the T-bill auctions and counts what has matured. */
  referenceDate: string;
}

/** Inserts the whole demo data set into an empty database and returns the demo logins and row counts. */
export async function seedDemo(db: Db, options: SeedDemoOptions): Promise<{ logins: DemoLogin[]; counts: Record<string, number> }> {
  const allIssuers = buildIssuers();
  const instruments = buildInstruments(allIssuers, options.size, options.referenceDate);
  // The small seed keeps only the issuers it has bonds for (and every government issuer).
  const used = new Set(instruments.map((i) => i.issuerCode));
  const seedIssuers = allIssuers.filter((i) => i.isGovernment || used.has(i.isinIssuerCode));
  const issuerRatings = buildIssuerRatings(seedIssuers);
  const instrumentRatings = buildInstrumentRatings(issuerRatings, seedIssuers, instruments);
  const seedUsers = buildUsers();
  const passwordHash = await hash(options.demoPassword);

  const counts: Record<string, number> = {};
  await db.transaction(async (tx) => {
    const issuerIds = new Map(
      (
        await inChunks(seedIssuers, (chunk) =>
          tx
            .insert(issuers)
            .values(
              chunk.map((i) => ({
                name: i.name,
                shortName: i.shortName,
                sector: i.sector,
                isinIssuerCode: i.isinIssuerCode,
                isGovernment: i.isGovernment,
                state: i.state,
              })),
            )
            .returning({ id: issuers.id, code: issuers.isinIssuerCode }),
        )
      ).map((r) => [r.code, r.id]),
    );
    const idOfIssuer = (code: string) => issuerIds.get(code) ?? fail(`issuer ${code}`);

    const finstrumentIds = new Map(
      (
        await inChunks(instruments, (chunk) =>
          tx
            .insert(finstruments)
            .values(
              chunk.map(({ issuerCode, ...bond }) => ({
                ...bond,
                issuerId: idOfIssuer(issuerCode),
              })),
            )
            .returning({ id: finstruments.id, isin: finstruments.isin }),
        )
      ).map((r) => [r.isin, r.id]),
    );

    await inChunks([...issuerRatings, ...instrumentRatings], (chunk) =>
      tx
        .insert(ratings)
        .values(
          chunk.map((r) => ({
            issuerId: idOfIssuer(r.issuerCode),
            finstrumentId: r.isin === null ? null : (finstrumentIds.get(r.isin) ?? fail(`finstrument ${r.isin}`)),
            agency: r.agency,
            rating: r.rating,
            outlook: r.outlook,
            ratedOn: r.ratedOn,
            rationale: r.rationale,
          })),
        )
        .returning({ id: ratings.id }),
    );

    const holidayRows = buildHolidays();
    await tx.insert(holidays).values(holidayRows);

    // The tape prices each bond off its own rating where it has one, else its issuer's first.
    const grades = new Map<string, string>();
    for (const r of [...instrumentRatings, ...issuerRatings])
      if (!grades.has(r.isin ?? r.issuerCode)) grades.set(r.isin ?? r.issuerCode, r.rating);
    const tapeBonds = instruments.map((instrument) => ({
      instrument,
      id: finstrumentIds.get(instrument.isin)!,
      grade: grades.get(instrument.isin) ?? grades.get(instrument.issuerCode) ?? null,
    }));
    counts.market_trades = await seedTradeTape(tx, tapeBonds, options.size, options.referenceDate, new Set(holidayRows.map((h) => h.date)));
    await refreshFinderIndex(tx, options.referenceDate);

    const clientIds = new Map(
      (await tx.insert(clients).values(buildClients()).returning({ id: clients.id, slug: clients.slug })).map((r) => [r.slug, r.id]),
    );
    const idOfClient = (slug: string) => clientIds.get(slug) ?? fail(`client ${slug}`);
    const links = buildBrokerLinks();
    await tx.insert(clientBrokers).values(links.map(([c, b]) => ({ clientId: idOfClient(c), brokerClientId: idOfClient(b) })));

    const userIds = await tx
      .insert(users)
      .values(
        seedUsers.map((u) => ({
          email: u.email,
          firstName: u.firstName,
          lastName: u.lastName,
          passwordHash: u.hasPassword ? passwordHash : null,
        })),
      )
      .returning({ id: users.id });
    const accounts = seedUsers.flatMap((u, i) => u.accounts.map((a) => ({ userId: userIds[i]!.id, ...a })));
    const accountIds = await tx
      .insert(userAccounts)
      .values(
        accounts.map((a) => ({
          userId: a.userId,
          clientId: idOfClient(a.clientSlug),
          roles: a.roles,
          status: a.status,
        })),
      )
      .returning({ id: userAccounts.id });
    const grants = accounts.flatMap((a, i) => a.permissions.map((code) => ({ userAccountId: accountIds[i]!.id, code })));
    await tx.insert(permissions).values(grants);

    Object.assign(counts, {
      issuers: seedIssuers.length,
      finstruments: instruments.length,
      'finstruments.matured': instruments.filter((i) => i.maturityDate !== null && i.maturityDate < options.referenceDate).length,
      ratings: issuerRatings.length + instrumentRatings.length,
      'ratings.instrument': instrumentRatings.length,
      holidays: holidayRows.length,
      clients: clientIds.size,
      clientBrokers: links.length,
      users: seedUsers.length,
      userAccounts: accounts.length,
      permissions: grants.length,
    });
    for (const i of instruments) counts[`finstruments.${i.securityType}`] = (counts[`finstruments.${i.securityType}`] ?? 0) + 1;
  });
  return { logins: seedUsers.flatMap((u) => (u.demo ? [u.demo] : [])), counts };
}

function fail(what: string): never {
  throw new Error(`Seed inconsistency: unknown ${what}`);
}
