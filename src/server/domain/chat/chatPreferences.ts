/**
 * Chat security preferences (spec 01 §1, §3 user_security_preferences): a user changes their own —
 * who may start a direct chat with them, whether others see them online, message previews in
 * notifications. Other keys of users.security_preferences are kept; the change is an event.
 */
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Principal } from '../../../shared/accessPolicy.js';
import type { Clock } from '../../../shared/clock.js';
import { chatPreferencesOf, type ChatPreferences, type chatPreferencesUpdateSchema } from '../../../shared/contracts/chat.js';
import type { Db } from '../../db/database.js';
import { users } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { appendEvent } from '../../events/eventLog.js';

export type ChatPreferencesUpdate = z.output<typeof chatPreferencesUpdateSchema>;

export function createChatPreferences(db: Db, clock: Clock) {
  return {
    async update(caller: Principal, change: ChatPreferencesUpdate): Promise<ChatPreferences> {
      return db.transaction(async (tx) => {
        const [user] = await tx.select({ stored: users.securityPreferences }).from(users).where(eq(users.id, caller.userId)).for('update');
        if (!user) throw new AppError('NOT_FOUND');
        const stored = { ...(user.stored as Record<string, unknown>), ...change };
        await tx.update(users).set({ securityPreferences: stored }).where(eq(users.id, caller.userId));
        const now = chatPreferencesOf(stored);
        await appendEvent(tx, clock, {
          type: 'user.chat_preferences_changed',
          aggregateId: caller.userId,
          clientId: caller.clientId,
          actorUserId: caller.userId,
          payload: now,
        });
        return now;
      });
    },
  };
}
