/**
 * Registration (spec 01 §3 payload): from an invitation it activates the invited account of a
 * person who has not registered yet (anyone else accepts through acceptAsMember.ts);
 * without one it creates a client and its first user, an active OpsAdmin. One transaction, so a
 * refused registration writes nothing.
 */
import { hash } from '@node-rs/argon2';
import { eq, like, or, sql } from 'drizzle-orm';
import type { Clock } from '../../../shared/clock.js';
import { CLIENT_MESSAGES, type Registration } from '../../../shared/contracts/clients.js';
import type { Role } from '../../../shared/enums.js';
import type { Db, DbOrTx } from '../../db/database.js';
import { clients, invites, userAccounts, users } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { appendEvent } from '../../events/eventLog.js';
import { usableInvite } from '../invites/invites.js';
import { rewriteGrants } from '../users/grants.js';
import { hasRegistered, userByEmail } from '../users/lookups.js';
import { consumeOtpVerification } from './otpVerification.js';

const FIRST_USER_ROLES: Role[] = ['clientopsadmin', 'user'];

export interface Registered {
  clientId: number;
  userId: number;
  email: string;
}

const fieldError = (field: string, message: string) => new AppError('VALIDATION_FAILED', message, { [field]: message });

/** Registers per `input`; throws 400 field errors, 410 for a bad invitation, OTP_NOT_VERIFIED. */
export async function register(db: Db, clock: Clock, input: Registration): Promise<Registered> {
  const passwordHash = input.password ? await hash(input.password) : null;
  return db.transaction(async (tx) => {
    if (input.auth_mode === 'otp') await consumeOtpVerification(tx, clock, input.contact, 'register');
    return input.invite_code
      ? acceptInvite(tx, clock, input, input.invite_code, passwordHash)
      : createClient(tx, clock, input, passwordHash);
  });
}

async function acceptInvite(tx: DbOrTx, clock: Clock, input: Registration, code: string, passwordHash: string | null): Promise<Registered> {
  const { invite, user, account } = await usableInvite(tx, clock, code);
  if (user.email.toLowerCase() !== input.contact.email) throw fieldError('contact.email', CLIENT_MESSAGES.inviteEmail);
  // A registered person's password, name, mobile and PAN are theirs: they accept by proving who they are.
  if (await hasRegistered(tx, user)) throw new AppError('INVITE_PROOF_REQUIRED');
  const now = clock.now();
  await tx
    .update(users)
    .set({
      firstName: input.identity.first_name,
      lastName: input.identity.last_name,
      mobile: input.contact.mobile,
      pan: input.pan,
      ...(passwordHash && { passwordHash }),
    })
    .where(eq(users.id, user.id));
  await tx
    .update(userAccounts)
    .set({ status: 'active', invitedFirstName: null, invitedLastName: null })
    .where(eq(userAccounts.id, account.id));
  await tx.update(invites).set({ status: 'used', closedAt: now }).where(eq(invites.id, invite.id));
  await appendEvent(tx, clock, {
    type: 'invite.accepted',
    aggregateId: invite.id,
    clientId: invite.clientId,
    actorUserId: user.id,
    payload: { user_account_id: account.id },
  });
  return { clientId: invite.clientId, userId: user.id, email: user.email };
}

async function createClient(tx: DbOrTx, clock: Clock, input: Registration, passwordHash: string | null): Promise<Registered> {
  if (await userByEmail(tx, input.contact.email)) throw fieldError('contact.email', CLIENT_MESSAGES.emailTaken);
  await refuseRegisteredPan(tx, input.pan);
  // The schema guarantees client_type, and a company name or category to match it.
  const clientType = input.client_type ?? 'INDV';
  const corporate = clientType.startsWith('CORP');
  const name = corporate ? (input.corporate_identity?.name ?? '') : `${input.identity.first_name} ${input.identity.last_name}`;
  const [client] = await tx
    .insert(clients)
    .values({
      slug: await uniqueSlug(tx, name),
      name,
      clientType,
      segment: 'NON_INSTITUTIONAL',
      category: corporate ? null : (input.category ?? null),
      isPartner: clientType.endsWith('-P'),
      pan: input.pan,
    })
    .returning();
  const [user] = await tx
    .insert(users)
    .values({
      email: input.contact.email,
      firstName: input.identity.first_name,
      lastName: input.identity.last_name,
      mobile: input.contact.mobile,
      pan: input.pan,
      passwordHash,
    })
    .returning();
  if (!client || !user) throw new Error('registration insert returned no row');
  const [account] = await tx
    .insert(userAccounts)
    .values({ userId: user.id, clientId: client.id, roles: FIRST_USER_ROLES, status: 'active' })
    .returning();
  if (!account) throw new Error('account insert returned no row');
  await rewriteGrants(tx, account.id, FIRST_USER_ROLES, client.tier);
  await appendEvent(tx, clock, {
    type: 'client.registered',
    aggregateId: client.id,
    clientId: client.id,
    actorUserId: user.id,
    payload: { client_type: clientType, user_account_id: account.id, whatsapp_consent: input.contact.whatsapp_consent },
  });
  return { clientId: client.id, userId: user.id, email: user.email };
}

/**
 * A PAN identifies one client: its people join by invitation, never by registering it again. The
 * transaction lock on the PAN makes two registrations of one PAN at once take turns.
 */
async function refuseRegisteredPan(tx: DbOrTx, pan: string): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`client-pan:${pan}`}))`);
  const [taken] = await tx
    .select({ id: clients.id })
    .from(clients)
    .where(sql`upper(${clients.pan}) = ${pan.toUpperCase()}`)
    .limit(1);
  if (taken) throw new AppError('CONFLICT', CLIENT_MESSAGES.panTaken, { pan: CLIENT_MESSAGES.panTaken });
}

/** A slug from the name, numbered when taken ('acme-ltd', 'acme-ltd-2'). */
async function uniqueSlug(tx: DbOrTx, name: string): Promise<string> {
  const base =
    name
      .toLowerCase()
      .normalize('NFKD')
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')
      .slice(0, 48) || 'client';
  const taken = new Set(
    (
      await tx
        .select({ slug: clients.slug })
        .from(clients)
        .where(or(eq(clients.slug, base), like(clients.slug, `${base}-%`)))
    ).map((r) => r.slug),
  );
  let slug = base;
  for (let n = 2; taken.has(slug); n += 1) slug = `${base}-${n}`;
  return slug;
}
