/**
 * The access policy table: for every API route, who may call it (spec 01 §6, DESIGN §4). The
 * server enforces it on every request before the body is read; a route without an entry
 * cannot be registered. Tenancy (whose rows) is enforced by each domain service.
 */
import type { ClientTier, Permission, Role } from './enums.js';
import { CHAT_MESSAGES } from './contracts/chat.js';
import { isComplianceUser, isViewerOnly } from './pageAccess.js';

/** The secrets of the operators' endpoints (server only: METRICS_TOKEN, the data directory's backup token). */
export type OperatorSecret = 'metrics' | 'backup';

export type ApiAccess =
  | { auth: 'public' }
  /** Operators and their tools, never a user's login: a secret bearer token or loopback (the server's operatorAccess). */
  | { auth: 'operator'; secret: OperatorSecret }
  | {
      auth: 'login';
      /** Any of these roles; absent = any signed-in account. */
      roles?: readonly Role[];
      /** All of these permissions. */
      permissions?: readonly Permission[];
      /** A tier gate answers 402 (the premium wall). */
      tier?: ClientTier;
      /**
       * A paid feature: without this permission the answer is 402, the premium wall whose
       * Request Upgrade stores a request (DESIGN §4 gates).
       */
      paywall?: Permission;
      /** Overrides the method's default (writes: POST, PUT, PATCH, DELETE) for query-style POSTs. */
      write?: boolean;
      /** What a view-only user refused by this route reads, instead of the general view-only text. */
      viewOnlyMessage?: string;
      /** Only the venue operator's people (DESIGN §4): everybody else is refused 403. */
      operator?: true;
    };

const PUBLIC: ApiAccess = { auth: 'public' };
const SIGNED_IN: ApiAccess = { auth: 'login' };
// Bond analytics (spec 01 §7 Instruments, Market browse). The finder is public (/find needs no
// login); bond detail needs a login; cashflows, trade history and downloads are paid data.
const QUERY: ApiAccess = { auth: 'login', write: false };
const SECURITY_DATA: ApiAccess = { auth: 'login', write: false, paywall: 'finstruments.has_security_data_access' };
const OPSADMIN: ApiAccess = { auth: 'login', roles: ['clientopsadmin'] };
// The shared exchange simulator answers every firm's deals: only the venue operator's ops admin sets it.
const VENUE_OPSADMIN: ApiAccess = { auth: 'login', roles: ['clientopsadmin'], operator: true };
// Trading (spec 01 §6): acting on quotes needs client.can_trade; lists are open to every signed-in
// user and come back empty, with the restriction text, without it. Tenancy is the trading service's.
const TRADER: ApiAccess = { auth: 'login', permissions: ['client.can_trade'] };
// Orders (issue #9): the transactions page's users read them (compliance too, view-only); dealers
// and back office report, answer, change and settle them. Tenancy is the orders service's.
const ORDER_READER: ApiAccess = { auth: 'login', roles: ['clientdealer', 'clientviewer', 'backoffice', 'complianceofficer'] };
const ORDER_WRITER: ApiAccess = { auth: 'login', roles: ['clientdealer', 'backoffice'] };
// Chat needs a chatting role — the rule of the chat terms call: view-only users (viewers,
// compliance) cannot accept the terms, so every chat call, reads included, refuses them. Compliance
// reads chats through the export and the file reads (CHAT_RECORDS), which check entitlement.
// Membership and tenancy are the chat service's; its built-in calls also need a chat session.
const CHAT: ApiAccess = { auth: 'login', write: true, viewOnlyMessage: CHAT_MESSAGES.viewOnly };
const CHAT_RECORDS: ApiAccess = { auth: 'login', write: false };
// Asking support is not a trading write: view-only users (viewers, compliance) may file tickets too.
const SUPPORT: ApiAccess = { auth: 'login', write: false };

/** Route key: `METHOD /path` exactly as registered (Fastify syntax, `:id` params). */
export const API_POLICY: Record<string, ApiAccess> = {
  'GET /api/health': PUBLIC,
  // Public like health: load balancers and orchestrators probe from other hosts. It names checks
  // with fixed texts only; the errors behind them stay in the log.
  'GET /api/ready': PUBLIC,
  // METRICS_TOKEN as a bearer token; without it, loopback only (README "Metrics").
  'GET /metrics': { auth: 'operator', secret: 'metrics' },
  // Loopback and the backup token the server writes into DATA_DIR at start (README "Backups").
  'POST /api/admin/backup/': { auth: 'operator', secret: 'backup' },
  'GET /version.json': PUBLIC,
  'GET /builds/latest.json': PUBLIC,
  'GET /api/app-config/': PUBLIC,
  'POST /api/client-errors/': PUBLIC,
  'POST /api/token/': PUBLIC,
  'POST /api/token/refresh/': PUBLIC,
  'POST /api/token/otp/': PUBLIC,
  'POST /api/request-otp/': PUBLIC,
  'POST /api/logout/': PUBLIC,
  // Sign-ins, lock-outs, resets, invitations and role changes; tenancy (own firm, or every firm for the operator's) is the service's.
  'GET /api/security-events/': { auth: 'login', roles: ['complianceofficer'], write: false },
  'GET /api/session/': SIGNED_IN,
  'GET /api/dev/outbox/': PUBLIC,
  'POST /api/dev/clock/': PUBLIC,
  'POST /api/dev/exchanges/:platform/': VENUE_OPSADMIN,
  'POST /api/dev/clearing/:platform/': VENUE_OPSADMIN,
  'POST /api/reset-password/': PUBLIC,
  'POST /api/change-password/:userId/': PUBLIC,
  'POST /api/validate-otp/': PUBLIC,
  'POST /api/client/register/': PUBLIC,
  'POST /api/client/register-user/lite': PUBLIC,
  'GET /api/client/by-website/': PUBLIC,
  'POST /api/client/user/invite/validate/': PUBLIC,
  // The proof is in the body (the invitee's own password or login OTP), as for sign-in.
  'POST /api/client/user/invite/accept/': PUBLIC,
  'POST /api/client/user/invite/': OPSADMIN,
  'POST /api/client/user/invite/revoke/': OPSADMIN,
  'GET /api/useraccounts/': OPSADMIN,
  'PUT /api/client/user/': OPSADMIN,
  'GET /api/client/': SIGNED_IN,
  'PUT /api/client/:id/': OPSADMIN,
  'PATCH /api/client/chat-terms/': CHAT,
  'GET /api/clients/': { auth: 'login', permissions: ['client.view_client'] },
  'GET /api/client/search-custodians/': SIGNED_IN,
  'POST /api/client/credentials/': OPSADMIN,
  'POST /api/requests/': SIGNED_IN,
  'GET /api/requests/': OPSADMIN,
  'POST /api/ext/public/upload/': SUPPORT,
  'POST /api/support/tickets/': SUPPORT,
  'GET /api/support/tickets/': SIGNED_IN,
  'GET /api/support/files/:token': SIGNED_IN,
  'POST /api/contact/': PUBLIC,

  'POST /api/client-finstrument-list/': PUBLIC,
  'POST /api/categories/': PUBLIC,
  'POST /api/v1/finstrument/:id/': QUERY,
  'POST /api/quote/market/:id/': QUERY,
  'POST /api/quote/:id/': QUERY,
  'POST /api/v1/finstrument/master/quote/:id': QUERY,
  'GET /api/v2/finstrument/info/:id': SIGNED_IN,
  'GET /api/finstrument/:id/': SIGNED_IN,
  'POST /api/bonds-by-same-issuer/:id/': QUERY,
  'GET /api/credit-rationale/:id/': SIGNED_IN,
  'GET /api/trade/finstrument/': SIGNED_IN,
  'POST /api/cashflow/:id/': SECURITY_DATA,
  'POST /api/trades/:id/': SECURITY_DATA,
  'POST /api/quote/:id/download/': SECURITY_DATA,
  'POST /api/im/download/': SECURITY_DATA,
  'POST /api/bond-details/:id/download/': SECURITY_DATA,
  // Browsers cannot set headers on a websocket: the socket authenticates with its first message.
  'GET /ws/trade/d/': PUBLIC,

  'POST /api/trade/eoi/': TRADER,
  'POST /api/eoi/add/': TRADER,
  'PUT /api/eoi/update/:id/': TRADER,
  'POST /api/eoi/expire/:id/': TRADER,
  'PUT /api/trade/d/eoi/:id/close/': TRADER,
  'PUT /api/trade/d/eoi/close/': TRADER,
  'GET /api/trade/eoi/': SIGNED_IN,
  'GET /api/trade/d/market/': SIGNED_IN,
  'GET /api/eoi/private-run/': SIGNED_IN,
  'GET /api/trade/timings': SIGNED_IN,
  'POST /api/eoi/add-negotiation/': TRADER,
  'GET /api/trade/cluster/': SIGNED_IN,
  'GET /api/trade/cluster/:id/': SIGNED_IN,
  'GET /api/cluster/:id/': SIGNED_IN,
  'PUT /api/trade/cluster/:id/': TRADER,
  'GET /api/trade/counterparties/': TRADER,
  'POST /api/cluster/:id/accept/': TRADER,
  'GET /api/eoi/rfq-quote/': SIGNED_IN,
  'GET /api/quote/depth/': SECURITY_DATA,
  'POST /api/eoi/upload/': TRADER,
  'GET /api/trade/facilitator/': SIGNED_IN,
  'GET /api/trade/agent/': SIGNED_IN,
  // The counterparty search names another client's traders: only traders need it.
  'GET /api/trade/client/users/:id/': TRADER,
  'PATCH /api/trade/members/:id/': TRADER,
  'PATCH /api/trade/:id/brokerage/': TRADER,
  'GET /api/orders/unified/': ORDER_READER,
  'GET /api/orders/:id/': ORDER_READER,
  'GET /api/procurement-orders/:id/': ORDER_READER,
  'GET /api/orders/:id/contract-note/': ORDER_READER,
  'GET /api/procurement-orders/:id/contract-note/': ORDER_READER,
  'POST /api/orders/': ORDER_WRITER,
  'POST /api/procurement-orders/': ORDER_WRITER,
  'PUT /api/orders/:id/accept-reject/': ORDER_WRITER,
  'PUT /api/procurement-orders/:id/accept-reject/': ORDER_WRITER,
  'POST /api/orders/:id/cancel/': ORDER_WRITER,
  'POST /api/procurement-orders/:id/cancel/': ORDER_WRITER,
  'PUT /api/orders/:id/modify/': ORDER_WRITER,
  'PATCH /api/procurement-orders/:id/modify/': ORDER_WRITER,
  'PATCH /api/orders/settle-cancel/:a/:b/': ORDER_WRITER,
  'PATCH /api/procurement-orders/settle-cancel/:a/:b/': ORDER_WRITER,
  'GET /api/chat/channels/': CHAT,
  'POST /api/chat/channels/': CHAT,
  'GET /api/chat/channels/:url/': CHAT,
  'PATCH /api/chat/channels/:url/': CHAT,
  'POST /api/chat/channels/:url/invite/': CHAT,
  'POST /api/chat/channels/:url/accept/': CHAT,
  'POST /api/chat/channels/:url/decline/': CHAT,
  'POST /api/chat/channels/:url/leave/': CHAT,
  'POST /api/chat/channels/:url/ban/': CHAT,
  'POST /api/chat/channels/:url/unban/': CHAT,
  'POST /api/chat/channels/:url/mute/': CHAT,
  'POST /api/chat/channels/:url/unmute/': CHAT,
  'POST /api/chat/channels/:url/operators/': CHAT,
  'GET /api/chat/channels/:url/banned/': CHAT,
  'PATCH /api/chat/preferences/': CHAT,
  'GET /api/chat/channels/:url/messages/': CHAT,
  'POST /api/chat/channels/:url/messages/': CHAT,
  'POST /api/chat/channels/:url/files/': CHAT,
  'DELETE /api/chat/channels/:url/messages/:id/': CHAT,
  'PUT /api/chat/channels/:url/read/': CHAT,
  'PUT /api/chat/channels/:url/delivered/': CHAT,
  'POST /api/chat/broadcasts/': CHAT,
  'GET /api/chat/users/': CHAT,
  'GET /api/chat/files/:messageId/': CHAT_RECORDS,
  'POST /api/issue-sb-session-token': CHAT,
  'DELETE /api/remove-sb-session': CHAT,
  'POST /api/download-chats': CHAT_RECORDS,
};

/** Paths served by infrastructure (API reference page) rather than product routes. */
export const POLICY_EXEMPT_PREFIXES = ['/api/docs'] as const;

export interface Principal {
  userId: number;
  userAccountId: number;
  clientId: number;
  roles: readonly Role[];
  permissions: readonly Permission[];
  tier: ClientTier;
  /** The account belongs to the venue operator (clients.is_operator). */
  isOperator: boolean;
}

export type AccessVerdict =
  | { allowed: true }
  | { allowed: false; status: 401 | 402 | 403; code: 'UNAUTHENTICATED' | 'PREMIUM_REQUIRED' | 'FORBIDDEN' | 'VIEW_ONLY'; message?: string };

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Compliance users and viewer-only users may read but never write (spec 01 §6). */
export const isViewOnly = (roles: readonly Role[]) => isComplianceUser(roles) || isViewerOnly(roles);
/** Who may chat (and so accept the chat terms): everyone but view-only users. */
export const mayChat = (roles: readonly Role[]) => !isViewOnly(roles);

/** Decides whether `principal` (null = not signed in) may call a route with `access` by `method`. */
export function evaluateAccess(
  access: Exclude<ApiAccess, { auth: 'operator' }>,
  principal: Principal | null,
  method: string,
): AccessVerdict {
  if (access.auth === 'public') return { allowed: true };
  if (!principal) return { allowed: false, status: 401, code: 'UNAUTHENTICATED' };
  if (access.roles && !access.roles.some((r) => principal.roles.includes(r))) return { allowed: false, status: 403, code: 'FORBIDDEN' };
  if (access.operator && !principal.isOperator) return { allowed: false, status: 403, code: 'FORBIDDEN' };
  if (access.permissions && !access.permissions.every((p) => principal.permissions.includes(p))) {
    return { allowed: false, status: 403, code: 'FORBIDDEN' };
  }
  const write = access.write ?? WRITE_METHODS.has(method);
  if (write && isViewOnly(principal.roles)) {
    return { allowed: false, status: 403, code: 'VIEW_ONLY', ...(access.viewOnlyMessage && { message: access.viewOnlyMessage }) };
  }
  if (access.tier && principal.tier !== access.tier) return { allowed: false, status: 402, code: 'PREMIUM_REQUIRED' };
  if (access.paywall && !principal.permissions.includes(access.paywall)) return { allowed: false, status: 402, code: 'PREMIUM_REQUIRED' };
  return { allowed: true };
}

/** The policy of a registered route; HEAD shares its GET's policy. */
export function policyFor(method: string, url: string): ApiAccess | undefined {
  return API_POLICY[`${method === 'HEAD' ? 'GET' : method} ${url}`];
}
