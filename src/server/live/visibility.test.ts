import { describe, expect, it } from 'vitest';
import type { LoggedEvent } from '../events/dispatcher.js';
import { canSee, messagesFor, type Audience, type Viewer } from './visibility.js';

// Client 1 and 2 trade; 3 is a broker; 9 is the venue operator; 5 is a bystander client.
const viewer = (over: Partial<Viewer>): Viewer => ({
  userId: 100,
  userAccountId: 100,
  clientId: 1,
  roles: ['clientdealer'],
  canTrade: true,
  isOperator: false,
  ...over,
});
const dealerOf = (clientId: number, over: Partial<Viewer> = {}) =>
  viewer({ clientId, userId: clientId * 100, userAccountId: clientId * 100, ...over });
const complianceOf = (clientId: number, isOperator = false) =>
  viewer({
    clientId,
    userId: clientId * 100 + 1,
    userAccountId: clientId * 100 + 1,
    roles: ['complianceofficer'],
    canTrade: false,
    isOperator,
  });
const bystander = dealerOf(5);

function audienceTable(audience: Audience, viewers: Record<string, Viewer>) {
  return Object.fromEntries(Object.entries(viewers).map(([name, v]) => [name, canSee(audience, v)]));
}

describe('who sees what on the live feed', () => {
  it('public market events reach every user with client.can_trade and no one without it', () => {
    expect(
      audienceTable(
        { kind: 'market' },
        {
          trader: dealerOf(1),
          otherClientTrader: dealerOf(5),
          cannotTrade: dealerOf(1, { canTrade: false }),
          operatorCompliance: complianceOf(9, true),
        },
      ),
    ).toEqual({ trader: true, otherClientTrader: true, cannotTrade: false, operatorCompliance: true });
  });

  it("a private run reaches the sender's client and the can_trade users of the addressed client only", () => {
    const run: Audience = { kind: 'privateRun', senderClientId: 1, addressedClientIds: [2] };
    expect(
      audienceTable(run, {
        sender: dealerOf(1),
        senderViewer: dealerOf(1, { roles: ['clientviewer'], canTrade: false }),
        addressed: dealerOf(2),
        addressedCannotTrade: dealerOf(2, { canTrade: false }),
        bystander,
        senderCompliance: complianceOf(1),
        addressedCompliance: complianceOf(2),
        bystanderCompliance: complianceOf(5),
        operatorCompliance: complianceOf(9, true),
      }),
    ).toEqual({
      sender: true,
      senderViewer: true,
      addressed: true,
      addressedCannotTrade: false,
      bystander: false,
      senderCompliance: true,
      addressedCompliance: true,
      bystanderCompliance: false,
      operatorCompliance: true,
    });
  });

  it('negotiation events reach the parties and their brokers only', () => {
    const negotiation: Audience = { kind: 'parties', clientIds: [1, 2], brokerClientIds: [3] };
    expect(
      audienceTable(negotiation, {
        buyer: dealerOf(1),
        seller: dealerOf(2),
        broker: dealerOf(3),
        bystander,
        bystanderCompliance: complianceOf(5),
      }),
    ).toEqual({ buyer: true, seller: true, broker: true, bystander: false, bystanderCompliance: false });
  });

  it('orders reach the client that owns them, its compliance and the operator, no one else', () => {
    const order: Audience = { kind: 'client', clientId: 1 };
    expect(
      audienceTable(order, {
        owner: dealerOf(1),
        ownerViewer: dealerOf(1, { roles: ['clientviewer'], canTrade: false }),
        bystander,
        ownerCompliance: complianceOf(1),
        bystanderCompliance: complianceOf(5),
        operatorCompliance: complianceOf(9, true),
        operatorDealer: dealerOf(9, { isOperator: true }),
      }),
    ).toEqual({
      owner: true,
      ownerViewer: true,
      bystander: false,
      ownerCompliance: true,
      bystanderCompliance: false,
      operatorCompliance: true,
      operatorDealer: false,
    });
  });

  it('account and role audiences stay inside the client, even for an account id of another client', () => {
    expect(canSee({ kind: 'account', clientId: 1, userAccountId: 100 }, dealerOf(1))).toBe(true);
    expect(canSee({ kind: 'account', clientId: 1, userAccountId: 100 }, viewer({ clientId: 5, userAccountId: 100 }))).toBe(false);
    expect(canSee({ kind: 'clientRoles', clientId: 1, roles: ['clientopsadmin'] }, dealerOf(1))).toBe(false);
    expect(canSee({ kind: 'clientRoles', clientId: 1, roles: ['clientopsadmin'] }, dealerOf(1, { roles: ['clientopsadmin'] }))).toBe(true);
    expect(canSee({ kind: 'clientRoles', clientId: 1, roles: ['clientopsadmin'] }, dealerOf(5, { roles: ['clientopsadmin'] }))).toBe(false);
  });

  it("a user's roles change: that user refreshes, their ops admins refetch the user, another client gets nothing", () => {
    const event: LoggedEvent = {
      id: 7,
      type: 'user_account.roles_changed',
      aggregateType: 'user_account',
      aggregateId: '100',
      clientId: 1,
      actorUserId: 1,
      payload: { from: ['clientviewer'], to: ['clientdealer'] },
      occurredAt: '2026-11-20T04:00:00.000Z',
    };
    expect(messagesFor(event, dealerOf(1))).toEqual([{ type: 'refresh', reason: 'access_changed', event_id: 7 }]);
    expect(messagesFor(event, viewer({ userAccountId: 101, roles: ['clientopsadmin'] }))).toEqual([
      { type: 'partial_refresh', topic: 'users', ids: ['100'], event_id: 7 },
    ]);
    expect(messagesFor(event, viewer({ userAccountId: 102 }))).toEqual([]);
    expect(messagesFor(event, viewer({ clientId: 5, userAccountId: 100, roles: ['clientopsadmin'] }))).toEqual([]);
    expect(messagesFor({ ...event, type: 'user.password_changed' }, dealerOf(1))).toEqual([]);
  });
  it("a one-to-one quote: the private run notice names its sender, so an anonymous one goes to the sender's client only", () => {
    const event = (anonymous: boolean): LoggedEvent => ({
      id: 11,
      type: 'eoi.created',
      aggregateType: 'eoi',
      aggregateId: '70',
      clientId: 1,
      actorUserId: 1,
      occurredAt: '2026-11-20T04:00:00.000Z',
      payload: {
        eoi_id: 70,
        finstrument_id: 1203,
        quote_type: 'BID',
        status: 'live',
        rfq_mode: 'OTO',
        oto_client_id: 2,
        revision: 0,
        ...(anonymous && { anonymous: true }),
      },
    });
    const notice = { type: 'private_run', run_id: '70', action: 'sent', sender_client_id: 1, event_id: 11 };
    const kinds = (e: LoggedEvent, v: Viewer) => messagesFor(e, v).map((m) => m.type);
    expect(messagesFor(event(false), dealerOf(2))).toContainEqual(notice);
    expect(kinds(event(true), dealerOf(2))).toEqual(['updates']);
    expect(kinds(event(true), dealerOf(1))).toEqual(['updates', 'private_run']);
    expect(kinds(event(false), bystander)).toEqual([]);
  });
  it('a deal confirmed: the RFQ negotiation notification to the parties and their broker, the traded row to the market, nothing else to a bystander', () => {
    const event: LoggedEvent = {
      id: 9,
      type: 'deal.confirmed',
      aggregateType: 'cluster',
      aggregateId: '44',
      clientId: 1,
      actorUserId: 1,
      occurredAt: '2026-11-20T04:00:00.000Z',
      payload: {
        cluster_id: 44,
        eoi_id: 70,
        status: 'confirmed',
        eoi_status: 'traded',
        revision: 2,
        owner_client_id: 1,
        responder_client_id: 2,
        broker_client_ids: [3],
        finstrument_id: 1203,
        quote_type: 'BID',
        rfq_mode: 'OTM',
        oto_client_id: null,
        eoi_revision: 1,
        deal_id: 5,
        exchange: 'NSE',
        exchange_deal_id: 'NSE-RFQ-000005',
      },
    };
    const note = { type: 'rfq_negotiation', negotiation_id: '44', eoi_id: '70', action: 'confirmed', event_id: 9 };
    const row = {
      type: 'updates',
      topic: 'eois',
      rows: [{ id: '70', finstrument_id: 1203, quote_type: 'BID', status: 'traded', revision: 1 }],
      event_id: 9,
    };
    // Only the actor (user 100, client 1's dealer) is told it was them: a user id would name the
    // person behind an anonymous quote to the other side.
    expect(messagesFor({ ...event, actorUserId: 100 }, dealerOf(1))).toEqual([{ ...note, actor_user_id: '100' }, row]);
    for (const party of [dealerOf(1, { userId: 101 }), dealerOf(2), dealerOf(3)])
      expect(messagesFor({ ...event, actorUserId: 100 }, party)).toEqual([note, row]);
    expect(messagesFor(event, bystander)).toEqual([row]);
    expect(messagesFor(event, dealerOf(5, { canTrade: false }))).toEqual([]);
    expect(messagesFor({ ...event, type: 'cluster.countered' }, bystander)).toEqual([]);
    // No user acted on an expiry: the note names no one, so every party's page sounds.
    expect(messagesFor({ ...event, type: 'cluster.expired', actorUserId: null }, dealerOf(1))[0]).toEqual({ ...note, action: 'expired' });
  });

  it('an order event: the orders row to buyer, seller, broker and their compliance; each party its own open orders count, no one else a count', () => {
    const event: LoggedEvent = {
      id: 11,
      type: 'order.accepted',
      aggregateType: 'order',
      aggregateId: '31',
      clientId: 2,
      actorUserId: 1,
      occurredAt: '2026-11-20T04:00:00.000Z',
      payload: {
        order_id: 31,
        status: 'accepted',
        revision: 0,
        buyer_client_id: 1,
        seller_client_id: 2,
        reporter_client_id: 2,
        broker_client_id: 3,
        finstrument_id: 1203,
        quantity: 1000000,
        unit_price: '99.2500',
        consideration: '993456.78',
        settlement_date: '2026-11-23',
        exchange: 'NSE',
        late_reported: false,
        open_orders: { 1: 4, 2: 7 },
      },
    };
    const row = { type: 'partial_refresh', topic: 'orders', ids: ['31'], event_id: 11 };
    const count = (n: number) => ({ type: 'open_orders_count', count: n, event_id: 11 });
    expect(messagesFor(event, dealerOf(1))).toEqual([row, count(4)]);
    expect(messagesFor(event, dealerOf(1, { roles: ['clientviewer'], canTrade: false }))).toEqual([row, count(4)]);
    expect(messagesFor(event, dealerOf(2))).toEqual([row, count(7)]);
    expect(messagesFor(event, complianceOf(2))).toEqual([row, count(7)]);
    expect(messagesFor(event, dealerOf(3))).toEqual([row]);
    expect(messagesFor(event, complianceOf(3))).toEqual([row]);
    expect(messagesFor(event, complianceOf(9, true))).toEqual([row]);
    expect(messagesFor(event, bystander)).toEqual([]);
    expect(messagesFor(event, complianceOf(5))).toEqual([]);
    const unbrokered = { ...event, type: 'order.reported' as const, payload: { ...event.payload, broker_client_id: null } };
    expect(messagesFor(unbrokered, dealerOf(3))).toEqual([]);
    expect(messagesFor(unbrokered, dealerOf(1))).toEqual([row, count(4)]);
  });
});

describe('chat on the live feed (issue #10)', () => {
  it("a chat event reaches the accounts it names: not their colleagues, not any client's compliance officers", () => {
    const members: Audience = { kind: 'accounts', userAccountIds: [100, 200] };
    expect(
      audienceTable(members, {
        member: dealerOf(1),
        otherClientMember: dealerOf(2),
        colleague: dealerOf(1, { userAccountId: 150 }),
        ownCompliance: complianceOf(1),
        operatorCompliance: complianceOf(9, true),
      }),
    ).toEqual({ member: true, otherClientMember: true, colleague: false, ownCompliance: false, operatorCompliance: false });
  });

  it('a chat.message_sent event becomes a chat message with the message, to the recipients', () => {
    const message = {
      messageId: 8,
      reqId: 'r',
      channelUrl: 'kosh_gc_1',
      messageType: 'user' as const,
      sender: null,
      message: 'hi',
      data: '',
      customType: '',
      file: null,
      ogMetaData: null,
      createdAt: 1,
      updatedAt: 1,
    };
    const event: LoggedEvent = {
      id: 41,
      type: 'chat.message_sent',
      aggregateType: 'chat_channel',
      aggregateId: '1',
      clientId: 1,
      actorUserId: 1,
      payload: { channel_url: 'kosh_gc_1', recipient_account_ids: [200], message },
      occurredAt: '2026-11-25T10:00:00Z',
    };
    expect(messagesFor(event, dealerOf(2))).toEqual([
      { type: 'chat', action: 'message_received', channel_url: 'kosh_gc_1', message, event_id: 41 },
    ]);
    expect(messagesFor(event, dealerOf(1))).toEqual([]);
  });
});
