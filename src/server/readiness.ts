/**
 * Readiness (`/api/ready`): whether this instance can serve, as opposed to liveness (`/api/health`:
 * the process answers). Each check is named; the answer carries fixed texts only (the endpoint is
 * public), and the errors behind a failing check go to the log.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { getTableName, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from './appContext.js';
import { rowsOf } from './db/database.js';
import * as schema from './db/schema.js';
import { consumerLags } from './events/consumerLag.js';

/**
 * The tables without which a user notices at once: sign-in and sessions, the finder, trading,
 * orders, chat and the event log its consumers read.
 */
const CRITICAL_TABLES: readonly PgTable[] = [
  schema.users,
  schema.userAccounts,
  schema.clients,
  schema.permissions,
  schema.refreshTokens,
  schema.finstruments,
  schema.finstrumentSearch,
  schema.eois,
  schema.clusters,
  schema.deals,
  schema.orders,
  schema.chatMessages,
  schema.events,
  schema.eventConsumerCursors,
];

export interface Check {
  status: 'ok' | 'failing';
  detail?: string;
}

export interface Readiness {
  status: 'ready' | 'unavailable';
  checks: Record<string, Check>;
}

const OK: Check = { status: 'ok' };
const failing = (detail: string): Check => ({ status: 'failing', detail });

/** Runs every check; a check that throws fails with its fixed text and its error logged. */
export async function checkReadiness(ctx: AppContext, log: FastifyBaseLogger): Promise<Readiness> {
  const guarded = async (name: string, run: () => Promise<Check>, whenThrown: string): Promise<[string, Check]> => {
    try {
      return [name, await run()];
    } catch (error) {
      log.warn({ err: error, check: name }, `readiness check ${name} failed`);
      return [name, failing(whenThrown)];
    }
  };
  const { db } = ctx.database;
  const entries = await Promise.all([
    guarded('startup', async () => (ctx.readiness.ready ? OK : failing('migrating and seeding')), 'starting'),
    guarded('database', async () => (await db.execute(sql`select 1`), OK), 'not answering'),
    ...CRITICAL_TABLES.map((table) =>
      guarded(`table:${getTableName(table)}`, async () => (await db.execute(sql`select 1 from ${table} limit 1`), OK), 'not readable'),
    ),
    guarded('migrations', () => migrationsCheck(ctx), 'migration history not readable'),
    ...(ctx.bus.kind === 'redis' ? [guarded('redis', async () => (await ctx.bus.ping(), OK), 'not answering')] : []),
    guarded('dispatcher', () => dispatcherCheck(ctx), 'consumer cursors not readable'),
  ]);
  const checks = Object.fromEntries(entries);
  return { status: entries.every(([, check]) => check.status === 'ok') ? 'ready' : 'unavailable', checks };
}

/** Every migration committed with this build has been applied. */
async function migrationsCheck(ctx: AppContext): Promise<Check> {
  const journal = JSON.parse(readFileSync(join(ctx.config.migrationsDir, 'meta', '_journal.json'), 'utf8')) as {
    entries: { when: number }[];
  };
  const [row] = rowsOf<{ last: string | null }>(
    await ctx.database.db.execute(sql`select max(created_at)::text as last from drizzle.__drizzle_migrations`),
  );
  const last = Number(row?.last ?? 0);
  const pending = journal.entries.filter((entry) => entry.when > last).length;
  return pending === 0 ? OK : failing(`${pending} migration${pending === 1 ? '' : 's'} not applied`);
}

/** No consumer has events waiting longer than the limit (a stalled or crashed dispatcher). */
async function dispatcherCheck(ctx: AppContext): Promise<Check> {
  const limit = ctx.config.readinessMaxLagSeconds;
  const stalled = (await consumerLags(ctx.database.db, ctx.clock)).filter((c) => c.lagSeconds > limit);
  if (stalled.length === 0) return OK;
  return failing(stalled.map((c) => `${c.consumer} has events waiting for ${Math.round(c.lagSeconds)} s (limit ${limit} s)`).join('; '));
}

/** The start log's report: one error line per failing check. */
export async function logReadiness(ctx: AppContext, log: FastifyBaseLogger): Promise<void> {
  const { checks } = await checkReadiness(ctx, log);
  for (const [name, check] of Object.entries(checks)) {
    if (check.status === 'failing') log.error({ check: name, detail: check.detail }, `not ready: ${name} ${check.detail ?? ''}`);
  }
}
