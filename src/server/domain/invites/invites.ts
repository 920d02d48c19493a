/**
 * Invitations (spec 01 §7 Client): an OpsAdmin invites a person to their client. The invitee's
 * account waits with status `invited` until they register with the e-mailed code (7 days), or,
 * when they already have an account, until they prove who they are (acceptAsMember.ts).
 * An invitation never crosses firms (ADR 0009): it answers the same whether or not the address
 * has an account, and never reveals or changes anything of the person behind it.
 */
import { and, eq } from 'drizzle-orm';
import type { Principal } from '../../../shared/accessPolicy.js';
import type { Clock } from '../../../shared/clock.js';
import type { InviteDetails, InviteInput, InviteProof, UserAccountView } from '../../../shared/contracts/users.js';
import type { DbOrTx } from '../../db/database.js';
import { clients, invites, userAccounts, users } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { appendEvent } from '../../events/eventLog.js';
import type { ServiceDeps } from '../../serviceDeps.js';
import { hashSecureToken, newSecureToken } from '../passwords/secureToken.js';
import { rewriteGrants } from '../users/grants.js';
import type { AuthService } from '../auth/authService.js';
import { hasRegistered, userByEmail } from '../users/lookups.js';
import { acceptAsMember } from './acceptAsMember.js';
import { accountView } from '../users/userAccounts.js';

export const INVITE_TTL_MS = 7 * 86_400_000;

/** The pending, unexpired invitation with this code, locked for the caller's transaction; else INVITE_INVALID (410). */
export async function usableInvite(tx: DbOrTx, clock: Clock, code: string) {
  const [row] = await tx
    .select({ invite: invites, user: users, account: userAccounts, clientName: clients.name })
    .from(invites)
    .innerJoin(userAccounts, eq(userAccounts.id, invites.userAccountId))
    .innerJoin(users, eq(users.id, userAccounts.userId))
    .innerJoin(clients, eq(clients.id, invites.clientId))
    .where(eq(invites.codeHash, hashSecureToken(code)))
    .for('update', { of: invites });
  if (!row || row.invite.status !== 'pending' || row.invite.expiresAt <= clock.now()) throw new AppError('INVITE_INVALID');
  return row;
}

/** The invitation service. */
export function createInviteService({ db, clock, delivery, config: { brandName, publicUrl } }: ServiceDeps, auth: AuthService) {
  return {
    /** Invites (or re-invites) a person to the caller's client and e-mails the code; returns the invitee account. */
    async invite(principal: Principal, input: InviteInput): Promise<UserAccountView> {
      const email = input.email.toLowerCase();
      const { accountId, code, clientName } = await db.transaction(async (tx) => {
        const now = clock.now();
        const [client] = await tx.select().from(clients).where(eq(clients.id, principal.clientId));
        if (!client) throw new AppError('NOT_FOUND');
        // A new address gets a person with the inviter's spelling until they register; an existing
        // person is left exactly as they are.
        const user =
          (await userByEmail(tx, email)) ??
          (await tx.insert(users).values({ email, firstName: input.first_name, lastName: input.last_name }).returning())[0];
        if (!user) throw new Error('user insert returned no row');
        const [existing] = await tx
          .select()
          .from(userAccounts)
          .where(and(eq(userAccounts.userId, user.id), eq(userAccounts.clientId, client.id)))
          .for('update');
        if (existing?.status === 'active') throw new AppError('ALREADY_MEMBER');
        // Someone who once joined this client keeps their own name here; anyone else shows as typed.
        const shownName =
          existing && existing.invitedFirstName === null ? {} : { invitedFirstName: input.first_name, invitedLastName: input.last_name };
        const [account] = existing
          ? await tx
              .update(userAccounts)
              .set({ roles: input.roles, status: 'invited', ...shownName })
              .where(eq(userAccounts.id, existing.id))
              .returning()
          : await tx
              .insert(userAccounts)
              .values({ userId: user.id, clientId: client.id, roles: input.roles, status: 'invited', ...shownName })
              .returning();
        if (!account) throw new Error('account write returned no row');
        await rewriteGrants(tx, account.id, input.roles, client.tier);
        // A new invitation replaces any earlier one, so only the latest e-mailed link works.
        await tx
          .update(invites)
          .set({ status: 'revoked', closedAt: now })
          .where(and(eq(invites.userAccountId, account.id), eq(invites.status, 'pending')));
        const secret = newSecureToken();
        const [invite] = await tx
          .insert(invites)
          .values({
            clientId: client.id,
            userAccountId: account.id,
            inviterUserId: principal.userId,
            codeHash: secret.hash,
            createdAt: now,
            expiresAt: new Date(now.getTime() + INVITE_TTL_MS),
          })
          .returning({ id: invites.id });
        if (!invite) throw new Error('invite insert returned no row');
        await appendEvent(tx, clock, {
          type: 'invite.created',
          aggregateId: invite.id,
          clientId: client.id,
          actorUserId: principal.userId,
          payload: { user_account_id: account.id, email, roles: input.roles },
        });
        return { accountId: account.id, code: secret.token, clientName: client.name };
      });
      const link = `${publicUrl}/client/register?invite_code=${encodeURIComponent(code)}`;
      await delivery.send({
        channel: 'email',
        recipient: email,
        subject: `You are invited to ${clientName} on ${brandName}`,
        body: `${input.first_name}, you have been invited to join ${clientName} on ${brandName}. Register within 7 days:\n${link}`,
      });
      const view = await accountView(db, principal.clientId, accountId);
      if (!view) throw new Error(`invited account ${accountId} vanished`);
      return view;
    },

    /** What the registration page shows for a usable code; 410 INVITE_INVALID otherwise. */
    async details(code: string): Promise<InviteDetails> {
      const { user, account, clientName } = await usableInvite(db, clock, code);
      return {
        email: user.email,
        client_name: clientName,
        first_name: account.invitedFirstName ?? user.firstName,
        last_name: account.invitedLastName ?? user.lastName,
        has_account: await hasRegistered(db, user),
      };
    },

    acceptAsMember: (code: string, proof: InviteProof) => acceptAsMember({ db, clock }, auth, code, proof),

    /** Revokes the pending invitation of an account of the caller's client; another client's → 404. */
    async revoke(principal: Principal, userAccountId: number): Promise<void> {
      await db.transaction(async (tx) => {
        const now = clock.now();
        const revoked = await tx
          .update(invites)
          .set({ status: 'revoked', closedAt: now })
          .where(and(eq(invites.userAccountId, userAccountId), eq(invites.clientId, principal.clientId), eq(invites.status, 'pending')))
          .returning({ id: invites.id });
        const [invite] = revoked;
        if (!invite) throw new AppError('NOT_FOUND', 'There is no pending invitation for this user.');
        await tx
          .update(userAccounts)
          .set({ status: 'inactive' })
          .where(and(eq(userAccounts.id, userAccountId), eq(userAccounts.status, 'invited')));
        await appendEvent(tx, clock, {
          type: 'invite.revoked',
          aggregateId: invite.id,
          clientId: principal.clientId,
          actorUserId: principal.userId,
          payload: { user_account_id: userAccountId },
        });
      });
    },
  };
}
export type InviteService = ReturnType<typeof createInviteService>;
