/**
 * Exchange credentials of a client, one per clearing corporation: stored sealed, replaced by a
 * new post, never returned. The session shows only whether they exist and the participant code.
 */
import { eq } from 'drizzle-orm';
import type { Principal } from '../../../shared/accessPolicy.js';
import type { Clock } from '../../../shared/clock.js';
import type { StoreCredentials } from '../../../shared/contracts/credentials.js';
import type { Exchange } from '../../../shared/enums.js';
import type { Db } from '../../db/database.js';
import { exchangeCredentials } from '../../db/schema.js';
import { appendEvent } from '../../events/eventLog.js';
import type { ServiceDeps } from '../../serviceDeps.js';
import { loadCredentialsKey, seal } from './cipher.js';

/** The additional data binding a sealed secret to its client and corporation. */
export const credentialsAad = (clientId: number, corp: Exchange) => `exchange_credentials:${clientId}:${corp}`;

/** Stores (or replaces) the caller's client's credentials for `input.corp`. */
export async function storeCredentials(db: Db, clock: Clock, key: Buffer, principal: Principal, input: StoreCredentials) {
  const now = clock.now();
  const secret = seal(
    key,
    JSON.stringify({ username: input.username, password: input.password }),
    credentialsAad(principal.clientId, input.corp),
  );
  const values = { participantCode: input.participant_code, secret, updatedAt: now, updatedByUserId: principal.userId };
  await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(exchangeCredentials)
      .values({ clientId: principal.clientId, corp: input.corp, ...values })
      .onConflictDoUpdate({ target: [exchangeCredentials.clientId, exchangeCredentials.corp], set: values })
      .returning({ id: exchangeCredentials.id });
    if (!row) throw new Error('credentials write returned no row');
    await appendEvent(tx, clock, {
      type: 'credentials.stored',
      aggregateId: row.id,
      clientId: principal.clientId,
      actorUserId: principal.userId,
      payload: { corp: input.corp, participant_code: input.participant_code },
    });
  });
  return { corp: input.corp, participant_code: input.participant_code, updated_at: now.toISOString() };
}

/** Per corporation, the participant code of the stored credentials, or null (for the session). */
export async function credentialNames(db: Db, clientId: number): Promise<Record<Exchange, string | null>> {
  const rows = await db
    .select({ corp: exchangeCredentials.corp, code: exchangeCredentials.participantCode })
    .from(exchangeCredentials)
    .where(eq(exchangeCredentials.clientId, clientId));
  const nameOf = (corp: Exchange) => rows.find((r) => r.corp === corp)?.code ?? null;
  return { NSCCL: nameOf('NSCCL'), ICCL: nameOf('ICCL') };
}

/** The credential service; the sealing key is read (or created) once, on first use. */
export function createCredentialService({ db, clock, config }: ServiceDeps) {
  let key: Promise<Buffer> | undefined;
  return {
    async store(principal: Principal, input: StoreCredentials) {
      key ??= loadCredentialsKey(db, config.credentialsKey);
      return storeCredentials(db, clock, await key, principal, input);
    },
  };
}
