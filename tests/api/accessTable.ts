/**
 * What each persona gets from each API route, written by hand from spec 01 §6 and DESIGN §4 —
 * deliberately not computed from src/shared/accessPolicy.ts, so a wrong policy entry shows up as a
 * mismatch in the access matrix test. A route added to the server needs a row here.
 *
 * Columns follow PERSONAS. `ok` = access control lets the call through (the handler may still
 * answer 4xx for the empty test body); 401 = not signed in; 403 = role or permission missing;
 * `VO` = 403 VIEW_ONLY (viewer-only and compliance users never write); 402 = the premium wall.
 */

/**
 * The demo personas: every role at the PREMIUM client, a broker's dealer, a BASIC client's dealer
 * and the venue operator's ops admin.
 */
export const PERSONAS: Record<string, string | null> = {
  anonymous: null,
  user: 'user@arihant.demo',
  clientdealer: 'clientdealer@arihant.demo',
  clientviewer: 'clientviewer@arihant.demo',
  clientopsadmin: 'clientopsadmin@arihant.demo',
  complianceofficer: 'complianceofficer@arihant.demo',
  backoffice: 'backoffice@arihant.demo',
  priceoverride: 'priceoverride@arihant.demo',
  'broker dealer': 'clientdealer@trishul.demo',
  'BASIC client dealer': 'clientdealer@vasuki.demo',
  'venue operator ops admin': 'clientopsadmin@venue.demo',
};

//                  anon user dealer viewer ops  compl back  price broker basic venue
const ANYONE = 'ok   ok   ok     ok     ok   ok    ok    ok    ok     ok    ok';
const READER = '401  ok   ok     ok     ok   ok    ok    ok    ok     ok    ok';
const WRITER = '401  ok   ok     VO     ok   VO    ok    ok    ok     ok    ok';
const OPS_ADMIN = '401  403  403    403    ok   403   403   403   403    403   ok';
const PAID_DATA = '401  ok   ok     ok     ok   ok    ok    ok    ok     402   ok';
// Dealers hold client.can_trade (a broker's and a BASIC client's dealers too), and price-override users, who quote.
const TRADER = '401  403  ok     403    403  403   403   ok    ok     ok    403';
// Orders: dealers, viewers, back office and compliance read; dealers (a broker's and a BASIC
// client's too) and back office write. Viewers are refused by role before the view-only rule.
const ORDER_READ = '401  403  ok     ok     403  ok    ok    403   ok     ok    403';
const ORDER_WRITE = '401  403  ok     403    403  403   ok    403   ok     ok    403';
// Security events: compliance officers only (their firm's; the operator's, every firm's).
const COMPLIANCE = '401  403  403    403    403  ok    403   403   403    403   403';
// The shared exchange simulator answers every firm's deals: only the venue operator's ops admin sets it.
const VENUE_OPS_ADMIN = '401  403  403    403    403  403   403   403   403    403   ok';
// Operators' endpoints take a secret token, never a login: a user's token is refused.
const OPERATOR = '401  403  403    403    403  403   403   403   403    403   403';
// Chat needs a chatting role: viewers and compliance are refused every chat call, reads included.
const CHATTER = WRITER;

export const ACCESS_TABLE: Record<string, string> = {
  'GET /api/health': ANYONE,
  'GET /api/ready': ANYONE,
  // Metrics without METRICS_TOKEN are served to loopback, which is where the test calls come from.
  'GET /metrics': ANYONE,
  'POST /api/admin/backup/': OPERATOR,
  'GET /version.json': ANYONE,
  'GET /builds/latest.json': ANYONE,
  'GET /api/app-config/': ANYONE,
  'POST /api/client-errors/': ANYONE,
  'POST /api/token/': ANYONE,
  'POST /api/token/refresh/': ANYONE,
  'POST /api/token/otp/': ANYONE,
  'POST /api/request-otp/': ANYONE,
  'POST /api/logout/': ANYONE,
  'GET /api/security-events/': COMPLIANCE,
  'GET /api/dev/outbox/': ANYONE,
  'POST /api/dev/clock/': ANYONE,
  'POST /api/dev/exchanges/:platform/': VENUE_OPS_ADMIN,
  'POST /api/dev/clearing/:platform/': VENUE_OPS_ADMIN,
  'POST /api/reset-password/': ANYONE,
  'POST /api/change-password/:userId/': ANYONE,
  'POST /api/validate-otp/': ANYONE,
  'POST /api/client/register/': ANYONE,
  'POST /api/client/register-user/lite': ANYONE,
  'GET /api/client/by-website/': ANYONE,
  'POST /api/client/user/invite/validate/': ANYONE,
  'POST /api/client/user/invite/accept/': ANYONE,
  'POST /api/client-finstrument-list/': ANYONE,
  'POST /api/categories/': ANYONE,
  'POST /api/contact/': ANYONE,

  'GET /api/session/': READER,
  // Asking support is open to every signed-in user, view-only ones included.
  'POST /api/ext/public/upload/': READER,
  'POST /api/support/tickets/': READER,
  'GET /api/support/tickets/': READER,
  'GET /api/support/files/:token': READER,
  'GET /api/client/': READER,
  'GET /api/client/search-custodians/': READER,
  'GET /api/v2/finstrument/info/:id': READER,
  'GET /api/finstrument/:id/': READER,
  'GET /api/credit-rationale/:id/': READER,
  'GET /api/trade/finstrument/': READER,
  // Query-style POSTs: reading, so viewers and compliance users may call them.
  'POST /api/v1/finstrument/:id/': READER,
  'POST /api/quote/market/:id/': READER,
  'POST /api/quote/:id/': READER,
  'POST /api/v1/finstrument/master/quote/:id': READER,
  'POST /api/bonds-by-same-issuer/:id/': READER,

  'PATCH /api/client/chat-terms/': CHATTER,
  'POST /api/requests/': WRITER,

  'POST /api/client/user/invite/': OPS_ADMIN,
  'POST /api/client/user/invite/revoke/': OPS_ADMIN,
  'GET /api/useraccounts/': OPS_ADMIN,
  'PUT /api/client/user/': OPS_ADMIN,
  'PUT /api/client/:id/': OPS_ADMIN,
  'POST /api/client/credentials/': OPS_ADMIN,
  'GET /api/requests/': OPS_ADMIN,
  // The partner directory needs client.view_client, which only ops admins earn.
  'GET /api/clients/': OPS_ADMIN,

  'POST /api/cashflow/:id/': PAID_DATA,
  'POST /api/trades/:id/': PAID_DATA,
  'POST /api/quote/:id/download/': PAID_DATA,
  'POST /api/im/download/': PAID_DATA,
  'POST /api/bond-details/:id/download/': PAID_DATA,

  // The live feed authenticates in-band (its first message); tests/api/liveFeed.test.ts covers it.
  'GET /ws/trade/d/': ANYONE,
  'POST /api/trade/eoi/': TRADER,
  'POST /api/eoi/add/': TRADER,
  'PUT /api/eoi/update/:id/': TRADER,
  'POST /api/eoi/expire/:id/': TRADER,
  'PUT /api/trade/d/eoi/:id/close/': TRADER,
  'PUT /api/trade/d/eoi/close/': TRADER,
  // Everyone signed in may ask; without trade access the market and runs come back empty.
  'GET /api/trade/eoi/': READER,
  'GET /api/trade/d/market/': READER,
  'GET /api/eoi/private-run/': READER,
  'GET /api/trade/timings': READER,
  'POST /api/eoi/add-negotiation/': TRADER,
  'PUT /api/trade/cluster/:id/': TRADER,
  'GET /api/trade/counterparties/': TRADER,
  'POST /api/cluster/:id/accept/': TRADER,
  // A client's own negotiations: its viewers and compliance officers read them.
  'GET /api/trade/cluster/': READER,
  'GET /api/trade/cluster/:id/': READER,
  'GET /api/cluster/:id/': READER,
  'GET /api/eoi/rfq-quote/': READER,
  // Depth is paid market data: the premium wall for a BASIC client.
  'GET /api/quote/depth/': PAID_DATA,
  'POST /api/eoi/upload/': TRADER,
  'GET /api/trade/facilitator/': READER,
  'GET /api/trade/agent/': READER,
  'GET /api/trade/client/users/:id/': TRADER,
  'PATCH /api/trade/members/:id/': TRADER,
  'PATCH /api/trade/:id/brokerage/': TRADER,
  'GET /api/orders/unified/': ORDER_READ,
  'GET /api/orders/:id/': ORDER_READ,
  'GET /api/procurement-orders/:id/': ORDER_READ,
  'GET /api/orders/:id/contract-note/': ORDER_READ,
  'GET /api/procurement-orders/:id/contract-note/': ORDER_READ,
  'POST /api/orders/': ORDER_WRITE,
  'POST /api/procurement-orders/': ORDER_WRITE,
  'PUT /api/orders/:id/accept-reject/': ORDER_WRITE,
  'PUT /api/procurement-orders/:id/accept-reject/': ORDER_WRITE,
  'POST /api/orders/:id/cancel/': ORDER_WRITE,
  'POST /api/procurement-orders/:id/cancel/': ORDER_WRITE,
  'PUT /api/orders/:id/modify/': ORDER_WRITE,
  'PATCH /api/procurement-orders/:id/modify/': ORDER_WRITE,
  'PATCH /api/orders/settle-cancel/:a/:b/': ORDER_WRITE,
  'PATCH /api/procurement-orders/settle-cancel/:a/:b/': ORDER_WRITE,
  // Chat: people who may chat (membership is checked by the chat service); the export and file
  // reads stay open to view-only users — compliance reads chats there (entitlement checked by the service).
  'GET /api/chat/channels/': CHATTER,
  'POST /api/chat/channels/': CHATTER,
  'GET /api/chat/channels/:url/': CHATTER,
  'PATCH /api/chat/channels/:url/': CHATTER,
  'POST /api/chat/channels/:url/invite/': CHATTER,
  'POST /api/chat/channels/:url/accept/': CHATTER,
  'POST /api/chat/channels/:url/decline/': CHATTER,
  'POST /api/chat/channels/:url/leave/': CHATTER,
  'POST /api/chat/channels/:url/ban/': CHATTER,
  'POST /api/chat/channels/:url/unban/': CHATTER,
  'POST /api/chat/channels/:url/mute/': CHATTER,
  'POST /api/chat/channels/:url/unmute/': CHATTER,
  'POST /api/chat/channels/:url/operators/': CHATTER,
  'GET /api/chat/channels/:url/banned/': CHATTER,
  'PATCH /api/chat/preferences/': CHATTER,
  'GET /api/chat/channels/:url/messages/': CHATTER,
  'POST /api/chat/channels/:url/messages/': CHATTER,
  'POST /api/chat/channels/:url/files/': CHATTER,
  'DELETE /api/chat/channels/:url/messages/:id/': CHATTER,
  'PUT /api/chat/channels/:url/read/': CHATTER,
  'PUT /api/chat/channels/:url/delivered/': CHATTER,
  'POST /api/chat/broadcasts/': CHATTER,
  'GET /api/chat/users/': CHATTER,
  'GET /api/chat/files/:messageId/': READER,
  'POST /api/issue-sb-session-token': CHATTER,
  'DELETE /api/remove-sb-session': CHATTER,
  'POST /api/download-chats': READER,
};

/** The expected outcome for `route` and persona number `i`. */
export function expectedAccess(route: string, i: number): string | undefined {
  return ACCESS_TABLE[route]?.split(/\s+/)[i];
}
