/**
 * An invited person who already has an account accepts by proving who they are — their own
 * password, or a login OTP sent to them — never by registering again: nothing of theirs changes
 * (password, name, mobile, PAN); only their invited account at the inviting client turns active.
 */
import { eq } from 'drizzle-orm';
import type { Clock } from '../../../shared/clock.js';
import { INVITE_MESSAGES, type InviteProof } from '../../../shared/contracts/users.js';
import type { Db } from '../../db/database.js';
import { invites, userAccounts } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { appendEvent } from '../../events/eventLog.js';
import type { AuthService } from '../auth/authService.js';
import { hasRegistered } from '../users/lookups.js';
import { usableInvite } from './invites.js';

export async function acceptAsMember(
  { db, clock }: { db: Db; clock: Clock },
  auth: AuthService,
  code: string,
  proof: InviteProof,
): Promise<{ detail: string; client_name: string }> {
  const { user } = await usableInvite(db, clock, code);
  if (!(await hasRegistered(db, user))) throw new AppError('CONFLICT', INVITE_MESSAGES.register);
  // The sign-in checks, lock-out included: a wrong password here counts as a failed sign-in.
  const provenUserId = await auth.provePerson(user.email, proof);
  return db.transaction(async (tx) => {
    const row = await usableInvite(tx, clock, code);
    if (row.user.id !== provenUserId) throw new AppError('INVITE_INVALID');
    await tx
      .update(userAccounts)
      .set({ status: 'active', invitedFirstName: null, invitedLastName: null })
      .where(eq(userAccounts.id, row.account.id));
    await tx.update(invites).set({ status: 'used', closedAt: clock.now() }).where(eq(invites.id, row.invite.id));
    // Security events of invitations (docs/security.md §7) belong beside this one.
    await appendEvent(tx, clock, {
      type: 'invite.accepted',
      aggregateId: row.invite.id,
      clientId: row.invite.clientId,
      actorUserId: provenUserId,
      payload: { user_account_id: row.account.id },
    });
    return { detail: INVITE_MESSAGES.accepted, client_name: row.clientName };
  });
}
