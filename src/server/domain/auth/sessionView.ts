/** The session response of spec 01 §3 for the signed-in account. */
import { eq, inArray } from 'drizzle-orm';
import type { Principal } from '../../../shared/accessPolicy.js';
import type { Session } from '../../../shared/contracts/auth.js';
import type { Db } from '../../db/database.js';
import type { ServiceDeps } from '../../serviceDeps.js';
import { clientBrokers, clients, userAccounts, users } from '../../db/schema.js';
import { credentialNames } from '../credentials/credentialStore.js';

/** Builds the session for `principal`. */
export async function buildSession(db: Db, principal: Principal): Promise<Session> {
  const [user] = await db.select().from(users).where(eq(users.id, principal.userId));
  const [client] = await db.select().from(clients).where(eq(clients.id, principal.clientId));
  if (!user || !client) throw new Error(`session of account ${principal.userAccountId} has no user or client`);
  const accounts = await db.select().from(userAccounts).where(eq(userAccounts.userId, user.id));
  const names = new Map(
    (
      await db
        .select({ id: clients.id, name: clients.name })
        .from(clients)
        .where(
          inArray(
            clients.id,
            accounts.map((a) => a.clientId),
          ),
        )
    ).map((c) => [c.id, c.name]),
  );
  const brokers = await db.select().from(clientBrokers).where(eq(clientBrokers.clientId, client.id)).limit(1);
  const credentials = await credentialNames(db, client.id);
  return {
    name: client.name,
    user_info: {
      id: user.id,
      unique_id: user.uniqueId,
      first_name: user.firstName,
      last_name: user.lastName,
      email: user.email,
      mobile: user.mobile,
      roles: [...principal.roles],
      single_screen_waitlist_joined: user.singleScreenWaitlistJoined,
      has_accepted_chat_terms: user.hasAcceptedChatTerms,
      user_security_preferences: user.securityPreferences as Record<string, unknown>,
      notification_subscriber_id: user.notificationSubscriberId,
    },
    user_accounts: accounts.map((a) => ({
      id: a.id,
      client_id: a.clientId,
      client_name: names.get(a.clientId) ?? '',
      roles: a.roles,
      status: a.status,
      is_current: a.id === principal.userAccountId,
    })),
    permissions: [...principal.permissions],
    client_type: client.clientType,
    client_tier: client.tier,
    allowed_exchanges: client.allowedExchanges,
    allowed_reporting_exchanges: client.allowedReportingExchanges,
    rfq_exchanges: client.rfqExchanges,
    stp_exchanges: client.stpExchanges,
    is_broker: client.isBroker,
    is_staff: client.isOperator,
    has_brokers: brokers.length > 0,
    trades_on_books: client.tradesOnBooks,
    // The name shown for stored exchange credentials is their participant code: the username is
    // a login secret's other half, the participant code is what the exchange knows the client by.
    nsccl_credentials: credentials.NSCCL !== null,
    iccl_credentials: credentials.ICCL !== null,
    nsccl_name: credentials.NSCCL,
    iccl_name: credentials.ICCL,
  };
}

/** The session service: the signed-in user's session. */
export function createSessionService({ db }: ServiceDeps) {
  return { profile: (principal: Principal) => buildSession(db, principal) };
}
