/**
 * Who is who in chat: users are known to chat by their `unique_id` (spec 02 §7 `userId`); each
 * chats as one active account, whose client gives the member's brand name and client id. The
 * venue operator's people are the staff (spec 02 §6 staff flag).
 */
import { and, asc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import { CHAT_MESSAGES, chatPreferencesOf } from '../../../shared/contracts/chat.js';
import type { DbOrTx } from '../../db/database.js';
import { chatSessions, clients, orders, userAccounts, users } from '../../db/schema.js';
import { AppError } from '../../errors.js';

export interface ChatPerson {
  /** users.id */
  id: number;
  uniqueId: string;
  nickname: string;
  accountId: number;
  clientId: number;
  brandName: string;
  isStaff: boolean;
  isActive: boolean;
  /** Accepted the chat terms: onboarded in chat (spec 02 §3 user_onboarded). */
  onboarded: boolean;
  securityPreferences: Record<string, unknown>;
}

const personColumns = {
  id: users.id,
  uniqueId: users.uniqueId,
  firstName: users.firstName,
  lastName: users.lastName,
  securityPreferences: users.securityPreferences,
  onboarded: users.hasAcceptedChatTerms,
  accountId: userAccounts.id,
  clientId: clients.id,
  brandName: clients.name,
  isOperator: clients.isOperator,
  status: userAccounts.status,
};

type PersonRow = {
  id: number;
  uniqueId: string;
  firstName: string;
  lastName: string;
  securityPreferences: unknown;
  onboarded: boolean;
  accountId: number;
  clientId: number;
  brandName: string;
  isOperator: boolean;
  status: string;
};

const toPerson = (r: PersonRow): ChatPerson => ({
  id: r.id,
  uniqueId: r.uniqueId,
  nickname: `${r.firstName} ${r.lastName}`.trim(),
  accountId: r.accountId,
  clientId: r.clientId,
  brandName: r.brandName,
  isStaff: r.isOperator,
  isActive: r.status === 'active',
  onboarded: r.onboarded,
  securityPreferences: (r.securityPreferences ?? {}) as Record<string, unknown>,
});

/** The people chatting as these accounts. */
export async function peopleByAccount(db: DbOrTx, accountIds: readonly number[]): Promise<Map<number, ChatPerson>> {
  if (accountIds.length === 0) return new Map();
  const rows = await db
    .select(personColumns)
    .from(userAccounts)
    .innerJoin(users, eq(users.id, userAccounts.userId))
    .innerJoin(clients, eq(clients.id, userAccounts.clientId))
    .where(inArray(userAccounts.id, [...new Set(accountIds)]));
  return new Map(rows.map((r) => [r.accountId, toPerson(r)]));
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Chat user ids are users' unique ids (uuids); anything else names no one. */
export const isChatUserId = (id: string) => UUID.test(id);

/**
 * Resolves chat user ids to active people (their first active account); an unknown or inactive id
 * is a 400 naming it, so nothing is created for a mistyped invitee.
 */
export async function resolvePeople(db: DbOrTx, uniqueIds: readonly string[]): Promise<ChatPerson[]> {
  const wanted = [...new Set(uniqueIds)];
  const bad = wanted.filter((id) => !isChatUserId(id));
  const rows = bad.length
    ? []
    : await db
        .select(personColumns)
        .from(userAccounts)
        .innerJoin(users, eq(users.id, userAccounts.userId))
        .innerJoin(clients, eq(clients.id, userAccounts.clientId))
        .where(and(inArray(users.uniqueId, wanted), eq(userAccounts.status, 'active')))
        .orderBy(asc(userAccounts.id));
  const found = new Map<string, ChatPerson>();
  for (const r of rows) if (!found.has(r.uniqueId)) found.set(r.uniqueId, toPerson(r));
  const missing = wanted.filter((id) => !found.has(id));
  if (missing.length)
    throw new AppError('VALIDATION_FAILED', CHAT_MESSAGES.noUserFound, { user_ids: `Unknown user: ${missing.join(', ')}` });
  return wanted.map((id) => found.get(id)!);
}

/** The caller as a chat person (their current account). */
export async function personOfAccount(db: DbOrTx, accountId: number): Promise<ChatPerson> {
  const person = (await peopleByAccount(db, [accountId])).get(accountId);
  if (!person) throw new AppError('UNAUTHENTICATED');
  return person;
}

/** Whether the two clients have traded with each other (an order between them, either side). */
async function areCounterparties(db: DbOrTx, a: number, b: number): Promise<boolean> {
  const [row] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(
      sql`(${orders.buyerClientId} = ${a} and ${orders.sellerClientId} = ${b}) or (${orders.buyerClientId} = ${b} and ${orders.sellerClientId} = ${a})`,
    )
    .limit(1);
  return row !== undefined;
}

/** Whether `from` may start a direct chat with `to`, by `to`'s security preference (spec 01 §1). */
export async function mayStartDirect(db: DbOrTx, from: ChatPerson, to: ChatPerson): Promise<boolean> {
  const rule = chatPreferencesOf(to.securityPreferences).direct_chat_from;
  if (from.clientId === to.clientId || rule === 'anyone') return true;
  if (rule === 'counterparties') return areCounterparties(db, from.clientId, to.clientId);
  return false;
}

/**
 * Refuses (403) when any of `people` would not take a direct chat from `from`: the preference
 * covers every invitation — a new group or broadcast list with them in it, or an invite to an
 * existing one — else "my firm only" is bypassed through a group.
 */
export async function refuseUnwelcome(db: DbOrTx, from: ChatPerson, people: readonly ChatPerson[]): Promise<void> {
  for (const p of people) if (!(await mayStartDirect(db, from, p))) throw new AppError('FORBIDDEN', CHAT_MESSAGES.directNotAllowed);
}

/** Users with a live chat session who show their online status (spec 01 §3 preference `show_online_status`). */
export async function onlineUserIds(db: DbOrTx, userIds: readonly number[], now: Date): Promise<Set<number>> {
  if (userIds.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ userId: chatSessions.userId })
    .from(chatSessions)
    .where(and(inArray(chatSessions.userId, [...new Set(userIds)]), isNull(chatSessions.revokedAt), gt(chatSessions.expiresAt, now)));
  return new Set(rows.map((r) => r.userId));
}
