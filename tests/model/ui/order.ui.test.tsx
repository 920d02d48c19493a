/**
 * The order machine's transition cover through the transactions page with the order's drawer open.
 * The page sees one order from one party's point of view (the path's input): the reporter (the
 * buyer, who reported it) or the counterparty (the seller, who answers it). The user's own actions
 * are clicks on the drawer's buttons (with the confirmations), the server answering each call with
 * the order in its next state; what the other party or the clearing corporation does arrives as the
 * server's new detail and a live `partial_refresh` of the orders topic. Every transition is driven
 * from both points of view, so each event is once a click and once a live change where it can be.
 */
import { defaultScheduler, notifyManager } from '@tanstack/react-query';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { expect, vi } from 'vitest';
import { orderModel } from '../../../machines/order.model';
import type { System } from '../../../src/client/app/system';
import type { OrderAction, OrderDetail, OrderStatus, OrderView } from '../../../src/shared/contracts/orders';
import { sessionFixture } from '../../../src/client/features/account/testing';
import { detailOf, listOf, order, renderOnClock } from '../../../src/client/features/transactions/testing';
import { TransactionsPage } from '../../../src/client/features/transactions/TransactionsPage';
import { describeUiCover, eventually } from './uiCover';

type PointOfView = 'reporter' | 'counterparty';
const POINTS_OF_VIEW: PointOfView[] = ['reporter', 'counterparty'];

const ID = 7;
const ARIHANT = { client_id: 2, name: 'Arihant Capital Markets Ltd' };
const VASUKI = { client_id: 3, name: 'Vasuki Wealth Partners LLP' };
const REJECT_REASON = 'Wrong price';
/** The user pays in; the other side's leg is what misses the cut-off (the server's failure reason). */
const FAILED_REASON: Record<PointOfView, string> = {
  reporter: 'Securities not paid in by the 17:45 IST pay-in cut-off; the funds paid in are returned.',
  counterparty: 'Funds not paid in by the 17:45 IST pay-in cut-off; the securities paid in are returned.',
};

/**
 * Arihant bought from Vasuki and reported the trade. The reporter sees it as Arihant (its
 * procurement order), the counterparty as Vasuki (its sale).
 */
const AS: Record<PointOfView, Pick<OrderView, 'kind' | 'counterparty' | 'reported_by_me'>> = {
  reporter: { kind: 'PROCUREMENT', counterparty: VASUKI, reported_by_me: true },
  counterparty: { kind: 'SALE', counterparty: ARIHANT, reported_by_me: false },
};
/** The page's own client. */
const ME: Record<PointOfView, typeof ARIHANT> = { reporter: ARIHANT, counterparty: VASUKI };
const FAMILY: Record<OrderView['kind'], string> = { SALE: 'orders', PROCUREMENT: 'procurement-orders' };

/** The actions the server allows each side in each status (spec 01 §4 Orders), written out by hand. */
const ACTIONS: Record<OrderStatus, Record<PointOfView, OrderAction[]>> = {
  reported: { reporter: ['modify', 'cancel'], counterparty: ['accept', 'reject'] },
  accepted: { reporter: ['request_cancel'], counterparty: ['request_cancel'] },
  due: { reporter: ['pay_in'], counterparty: ['pay_in'] },
  settled: { reporter: [], counterparty: [] },
  failed: { reporter: [], counterparty: [] },
  rejected: { reporter: [], counterparty: [] },
  cancelled: { reporter: [], counterparty: [] },
};

/** The page's network: the one order as the server holds it now, and the writes the page sent. */
interface Page {
  system: System;
  pov: PointOfView;
  order: OrderDetail;
  /** The order the next write is answered with (the server's next state), taken by that write. */
  next: OrderDetail | null;
  writes: { call: string; body: unknown }[];
  /** The events performed so far: a final state two events reach shows how it was reached. */
  events: string[];
}

/** The report as `pov` sees it: its timeline says 'Reported by Arihant Capital Markets Ltd'. */
const reported = (pov: PointOfView): OrderDetail => ({ ...detailOf(order(ID, AS[pov])), actions: ACTIONS.reported[pov] });

let eventId = 100;

/**
 * The server's order after a change: `status` with the actions it lists for the page's side,
 * `over` and the timeline entries the change logs (labelled as the server labels them).
 */
function changed(page: Page, status: OrderStatus, over: Partial<OrderView>, ...logged: [type: string, label: string][]): OrderDetail {
  const reportedStatus = status === 'reported' ? 'PENDING' : status === 'rejected' ? 'REJECTED' : 'ACCEPTED';
  const timeline = [
    ...page.order.timeline,
    ...logged.map(([type, label]) => ({ event_id: ++eventId, type, label, at: '2026-11-25T07:00:00.000Z', actor: null })),
  ];
  return { ...page.order, status, reported_order_status: reportedStatus, actions: ACTIONS[status][page.pov], ...over, timeline };
}

/** My leg and the counterparty's: the buyer pays in funds, the seller securities. */
const legs = (pov: PointOfView, mine: boolean, theirs: boolean) =>
  AS[pov].kind === 'PROCUREMENT'
    ? { funds_paid_in: mine, securities_paid_in: theirs }
    : { funds_paid_in: theirs, securities_paid_in: mine };

const SESSION = {
  reporter: sessionFixture({ name: ME.reporter.name }, { roles: ['clientdealer', 'user'] }),
  counterparty: sessionFixture({ name: ME.counterparty.name }, { roles: ['clientdealer', 'user'], email: 'clientdealer@vasuki.demo' }),
};

const QUOTE = {
  price: {
    unit_clean_price: 99.125,
    bond_yield: 0.0825,
    settlement_date: '2026-11-26',
    dirty_price: 100.4,
    accrued_interest: 1.23,
    modified_duration: 4.1,
    macaulay_duration: 4.3,
    convexity: 21,
    priced_to: 'MATURITY',
    priced_to_date: '2031-06-15',
  },
  can_be_priced: true,
  allow_price_modification: true,
  yield_source: 'INPUT',
};

function fakeFetch(page: Page) {
  return async (url: string, init: RequestInit = {}): Promise<Response> => {
    const path = new URL(url, window.location.origin).pathname;
    const method = init.method ?? 'GET';
    if (path === '/api/token/refresh/')
      return Response.json({ access: 'access-token', refresh: 'refresh-token', refresh_expires_in: 86_400 });
    if (path === '/api/session/') return Response.json(SESSION[page.pov]);
    if (path === '/api/orders/unified/') return Response.json(listOf([withoutTimeline(page.order)]));
    if (path === `/api/quote/${page.order.finstrument_id}/`) return Response.json(QUOTE);
    const family = FAMILY[page.order.kind];
    if (method === 'GET' && path === `/api/${family}/${ID}/`) return Response.json(page.order);
    if (method !== 'GET' && path.startsWith(`/api/${family}/`)) {
      page.writes.push({ call: `${method} ${path}`, body: init.body ? (JSON.parse(String(init.body)) as unknown) : undefined });
      // A write the path did not prepare is refused, as the server refuses an action the order no longer allows.
      if (!page.next) return Response.json({ code: 'CONFLICT', message: 'This trade is no longer open.' }, { status: 409 });
      page.order = page.next;
      page.next = null;
      return Response.json(withoutTimeline(page.order));
    }
    // The bond's lookups and the rest of the app are not this chart's concern.
    return Response.json({ code: 'NOT_FOUND', message: 'Not Found' }, { status: 404 });
  };
}

function withoutTimeline(detail: OrderDetail): OrderView {
  const { timeline: _timeline, ...view } = detail;
  return view;
}

const drawer = () => document.querySelector<HTMLElement>('.kosh-order-drawer');
const statusTag = () => drawer()?.querySelector('.kosh-order-drawer__head .bp6-tag')?.textContent;
const actionButtons = () => {
  const group = drawer() && within(drawer()!).queryByRole('group', { name: 'Order actions' });
  return group
    ? within(group)
        .getAllByRole('button')
        .map((b) => b.textContent)
    : [];
};
const actionButton = (name: string) =>
  within(within(drawer()!).getByRole('group', { name: 'Order actions' })).getByRole('button', { name });
/** The value of the row `name` of the drawer's table `table` (Trade, Figures, Parties, Settlement). */
const rowOf = (table: string, name: string) =>
  within(within(drawer()!).getByRole('table', { name: table })).getByRole('rowheader', { name }).nextElementSibling?.textContent;
const reasonCallout = () => drawer()?.querySelector('.bp6-callout')?.textContent ?? null;
const lastInTimeline = () =>
  [...within(drawer()!).getByRole('list', { name: 'Timeline' }).querySelectorAll('li > span:not([class])')].at(-1)?.textContent;
const toasted = (text: string) => [...document.querySelectorAll('.bp6-toast')].some((t) => t.textContent?.includes(text));

/** The server has changed the order: the page learns it from the live feed, as the other party's or the clearing corporation's change. */
async function serverChanges(page: Page, next: OrderDetail) {
  page.order = next;
  await act(() => {
    page.system.liveMessages.publish({ type: 'partial_refresh', topic: 'orders', ids: [String(ID)] });
  });
}

/** Clicks the drawer's `button`, the server answering the one write it causes with `next`; the page toasts `done`. */
async function command(page: Page, button: string, next: OrderDetail, done: string, confirm?: { button: string; reason?: string }) {
  page.next = next;
  fireEvent.click(actionButton(button));
  if (confirm) {
    const alert = await found(() => screen.getByRole('alertdialog'));
    if (confirm.reason !== undefined)
      fireEvent.change(within(alert).getByLabelText('Reason (optional)'), { target: { value: confirm.reason } });
    fireEvent.click(within(alert).getByRole('button', { name: confirm.button }));
  }
  await answered(page, done);
}

/** The server has taken the prepared write and the page has toasted `done`. */
async function answered(page: Page, done: string) {
  await eventually(() => expect(page.next).toBeNull());
  // The toaster spaces its toasts 50 ms apart: a toast after another waits a few frames.
  await playFrames(() => toasted(done));
}

/** What `get` finds once the view has it (testing-library's find* wait on the timers the cover fakes). */
async function found<T>(get: () => T): Promise<T> {
  let result: T | undefined;
  await eventually(() => {
    result = get();
  });
  return result!;
}

const lastWrite = (page: Page) => page.writes.at(-1);
const route = (page: Page, tail: string) => `/api/${FAMILY[page.order.kind]}/${tail}`;

/** The counterparty's name as the page's user reads it. */
const them = (page: Page) => AS[page.pov].counterparty.name;

const OBLIGATIONS_DUE = 'Settlement date: funds and securities are due to the clearing corporation';
const SETTLED = 'Settled: securities paid out to the buyer, funds to the seller';
const MY_LEG: Record<PointOfView, string> = { reporter: 'Funds paid in by the buyer', counterparty: 'Securities paid in by the seller' };
const THEIR_LEG: Record<PointOfView, string> = { reporter: MY_LEG.counterparty, counterparty: MY_LEG.reporter };

/** Pays in the user's own leg (a click), then the server's clearing outcome arrives live. */
async function payInThen(page: Page, outcome: (page: Page) => OrderDetail) {
  const paid = changed(page, 'due', { ...legs(page.pov, true, false), actions: [] }, ['order.leg_paid_in', MY_LEG[page.pov]]);
  await command(page, 'Pay in', paid, 'Your leg is paid in');
  expect(lastWrite(page)).toEqual({ call: `PATCH ${route(page, `settle-cancel/${ID}/settle/`)}`, body: undefined });
  // The drawer has taken the answer: the user's leg is in and there is nothing left to do.
  await eventually(() => {
    expect(rowOf('Settlement', page.order.kind === 'PROCUREMENT' ? 'Funds in (buyer)' : 'Securities in (seller)')).toBe('In');
    expect(actionButtons()).toEqual([]);
    expect(lastInTimeline()).toBe(MY_LEG[page.pov]);
  });
  await serverChanges(page, outcome(page));
}

/**
 * What every state shows: its status, exactly the buttons of its actions, the legs, the cancel
 * requests, the reason and the timeline's latest entry.
 */
function shows(
  page: Page,
  expected: {
    status: string;
    buttons: string[];
    funds: 'In' | 'Awaited';
    securities: 'In' | 'Awaited';
    cancelRequests: string;
    reason: string | null;
    latest: string;
  },
) {
  expect(drawer()).not.toBeNull();
  expect(statusTag()).toBe(expected.status);
  expect(actionButtons()).toEqual(expected.buttons);
  expect(rowOf('Settlement', 'Funds in (buyer)')).toBe(expected.funds);
  expect(rowOf('Settlement', 'Securities in (seller)')).toBe(expected.securities);
  expect(rowOf('Settlement', 'Cancel requests')).toBe(expected.cancelRequests);
  expect(rowOf('Parties', 'Reported by')).toBe(page.pov === 'reporter' ? 'You' : ARIHANT.name);
  expect(reasonCallout()).toBe(expected.reason);
  expect(lastInTimeline()).toBe(expected.latest);
  // No dialog is left open over the drawer (Modify's form, a confirmation).
  expect(screen.queryByRole('alertdialog')).toBeNull();
  expect(screen.queryByRole('dialog', { name: /Modify trade/ })).toBeNull();
}

/** The two sides' legs in the drawer's words, mine first. */
const legWords = (page: Page, mine: boolean, theirs: boolean) => {
  const { funds_paid_in, securities_paid_in } = legs(page.pov, mine, theirs);
  return {
    funds: funds_paid_in ? ('In' as const) : ('Awaited' as const),
    securities: securities_paid_in ? ('In' as const) : ('Awaited' as const),
  };
};

/**
 * Tells React the page runs under act (testing-library does so only with vitest's globals): the
 * page's updates inside act — the grid's frames, live refreshes — are then flushed there, not warned of.
 */
const actEnvironment = (on: true | undefined) => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = on;
};

/** The performers, each first noting its event in the page's history. */
function recording(performers: Record<string, (page: Page) => unknown>): Record<string, (page: Page, event: { type: string }) => unknown> {
  return Object.fromEntries(
    Object.entries(performers).map(([type, perform]) => [
      type,
      (page: Page) => {
        page.events.push(type);
        return perform(page);
      },
    ]),
  );
}

describeUiCover<Page>(
  'order',
  { ...orderModel, inputs: POINTS_OF_VIEW },
  {
    async mount(input) {
      const pov = input as PointOfView;
      actEnvironment(true);
      // The query cache tells the page of answers in a zero timeout, which the cover's fake timers
      // hold: a microtask hands them on without moving the clock, in act as React wants page updates.
      notifyManager.setScheduler((notify) => void Promise.resolve().then(notify));
      notifyManager.setNotifyFunction((notify) => act(notify));
      const page = { pov, order: reported(pov), next: null, writes: [], events: [] } as unknown as Page;
      vi.stubGlobal('fetch', fakeFetch(page));
      page.system = renderOnClock(<TransactionsPage />).system;
      // The row the list answers opens the drawer.
      const row = await eventualRow();
      fireEvent.click(row.querySelector('[col-id="bond"]')!);
      await playFrames(() => drawer() !== null);
      await eventually(() => expect(statusTag()).toBeTruthy());
      return page;
    },
    unmount: () => {
      actEnvironment(undefined);
      notifyManager.setScheduler(defaultScheduler);
      notifyManager.setNotifyFunction((notify) => notify());
      vi.unstubAllGlobals();
    },
    perform: recording({
      // The reporter changes the quantity in the page's Modify form; the counterparty sees the changed report arrive.
      modify: async (page) => {
        const revision = page.order.revision + 1;
        const next = changed(page, 'reported', { quantity: 20_000_000, revision }, [
          'order.modified',
          `Changed by ${ARIHANT.name} (revision ${revision})`,
        ]);
        if (page.pov === 'counterparty') return serverChanges(page, next);
        fireEvent.click(actionButton('Modify'));
        const form = await found(() => screen.getByRole('dialog', { name: `Modify trade ${ID}` }));
        fireEvent.change(within(form).getByLabelText(/Quantity/), { target: { value: '20000000' } });
        page.next = next;
        fireEvent.click(within(form).getByRole('button', { name: 'Save changes' }));
        await answered(page, 'Trade modified');
        expect(lastWrite(page)).toEqual({ call: `PATCH ${route(page, `${ID}/modify/`)}`, body: { quantity: 20_000_000 } });
      },
      accept: async (page) => {
        const next = changed(page, 'accepted', {}, ['order.accepted', `Accepted by ${VASUKI.name}`]);
        if (page.pov === 'reporter') return serverChanges(page, next);
        const seen = page.order.revision;
        await command(page, 'Accept', next, 'Trade confirmed');
        // The accept names the revision the counterparty saw (a report changed since is refused).
        expect(lastWrite(page)).toEqual({
          call: `PUT ${route(page, `${ID}/accept-reject/`)}`,
          body: { reported_order_status: 'ACCEPTED', revision: seen },
        });
      },
      // The counterparty rejects with a reason, after the confirmation.
      reject: async (page) => {
        const next = changed(page, 'rejected', { reason: REJECT_REASON }, [
          'order.rejected',
          `Rejected by ${VASUKI.name}: ${REJECT_REASON}`,
        ]);
        if (page.pov === 'reporter') return serverChanges(page, next);
        await command(page, 'Reject', next, 'Trade rejected', { button: 'Reject trade', reason: REJECT_REASON });
        expect(lastWrite(page)).toEqual({
          call: `PUT ${route(page, `${ID}/accept-reject/`)}`,
          body: { reported_order_status: 'REJECTED', reason: REJECT_REASON },
        });
      },
      // The reporter withdraws the report, after the confirmation.
      cancel: async (page) => {
        const next = changed(page, 'cancelled', { reported_order_status: 'PENDING' }, ['order.cancelled', `Withdrawn by ${ARIHANT.name}`]);
        if (page.pov === 'counterparty') return serverChanges(page, next);
        await command(page, 'Cancel trade', next, 'Trade cancelled', { button: 'Cancel trade' });
        expect(lastWrite(page)).toEqual({ call: `POST ${route(page, `${ID}/cancel/`)}`, body: undefined });
      },
      // Both parties ask: the counterparty's request arrives live, then the user's own request makes the agreement.
      'cancel.agreed': async (page) => {
        await serverChanges(
          page,
          changed(page, 'accepted', { cancel_requested_by_counterparty: true }, [
            'order.cancel_requested',
            `Cancellation asked by ${them(page)}`,
          ]),
        );
        await eventually(() => {
          expect(rowOf('Settlement', 'Cancel requests')).toBe(`${them(page)} asked to cancel`);
          expect(actionButtons()).toEqual(['Request cancellation']);
        });
        const agreed = changed(
          page,
          'cancelled',
          { cancel_requested_by_me: true },
          ['order.cancel_requested', `Cancellation asked by ${ME[page.pov].name}`],
          ['order.cancelled', 'Cancelled by agreement of both parties'],
        );
        await command(page, 'Request cancellation', agreed, 'Cancellation requested');
        expect(lastWrite(page)).toEqual({ call: `PATCH ${route(page, `settle-cancel/${ID}/cancel/`)}`, body: undefined });
      },
      // The settlement date comes (the server's job clock).
      'obligations.due': (page) => serverChanges(page, changed(page, 'due', {}, ['order.obligations_due', OBLIGATIONS_DUE])),
      // The user pays in; the other leg comes in and the clearing corporation pays out.
      payout: (page) =>
        payInThen(page, (paid) =>
          changed(paid, 'settled', legs(paid.pov, true, true), ['order.leg_paid_in', THEIR_LEG[paid.pov]], ['order.settled', SETTLED]),
        ),
      // The user pays in; the cut-off passes without the other leg.
      'cutoff.missed': (page) =>
        payInThen(page, (paid) =>
          changed(paid, 'failed', { reason: FAILED_REASON[paid.pov] }, ['order.failed', `Failed: ${FAILED_REASON[paid.pov]}`]),
        ),
    }),
    views: {
      // The report awaits the counterparty: Modify and Cancel for the reporter, Accept and Reject for the counterparty; modified, it shows the new quantity.
      reported: (page) => {
        const modified = page.events.includes('modify');
        shows(page, {
          status: 'Awaiting confirmation',
          buttons: page.pov === 'reporter' ? ['Modify', 'Cancel trade'] : ['Accept', 'Reject'],
          ...legWords(page, false, false),
          cancelRequests: 'None',
          reason: null,
          latest: modified ? `Changed by ${ARIHANT.name} (revision 1)` : `Reported by ${ARIHANT.name}`,
        });
        expect(rowOf('Trade', 'Quantity')).toBe(modified ? '2,00,00,000' : '1,00,00,000');
        if (modified && page.pov === 'reporter') expect(toasted('Trade modified')).toBe(true);
      },
      accepted: (page) => {
        shows(page, {
          status: 'Confirmed',
          buttons: ['Request cancellation'],
          ...legWords(page, false, false),
          cancelRequests: 'None',
          reason: null,
          latest: `Accepted by ${VASUKI.name}`,
        });
        if (page.pov === 'counterparty') expect(toasted('Trade confirmed')).toBe(true);
      },
      due: (page) =>
        shows(page, {
          status: 'Settlement due',
          buttons: ['Pay in'],
          ...legWords(page, false, false),
          cancelRequests: 'None',
          reason: null,
          latest: OBLIGATIONS_DUE,
        }),
      settled: (page) =>
        shows(page, {
          status: 'Settled',
          buttons: [],
          ...legWords(page, true, true),
          cancelRequests: 'None',
          reason: null,
          latest: SETTLED,
        }),
      // The user's leg is in, the other's is not, and the drawer says why it failed.
      failed: (page) =>
        shows(page, {
          status: 'Settlement failed',
          buttons: [],
          ...legWords(page, true, false),
          cancelRequests: 'None',
          reason: FAILED_REASON[page.pov],
          latest: `Failed: ${FAILED_REASON[page.pov]}`,
        }),
      rejected: (page) => {
        shows(page, {
          status: 'Rejected',
          buttons: [],
          ...legWords(page, false, false),
          cancelRequests: 'None',
          reason: REJECT_REASON,
          latest: `Rejected by ${VASUKI.name}: ${REJECT_REASON}`,
        });
        if (page.pov === 'counterparty') expect(toasted('Trade rejected')).toBe(true);
      },
      // Withdrawn by the reporter (no requests), or cancelled by both parties' agreement.
      cancelled: (page) => {
        const agreed = page.events.includes('cancel.agreed');
        shows(page, {
          status: 'Cancelled',
          buttons: [],
          ...legWords(page, false, false),
          reason: null,
          cancelRequests: agreed ? `You asked to cancel; ${them(page)} asked to cancel` : 'None',
          latest: agreed ? 'Cancelled by agreement of both parties' : `Withdrawn by ${ARIHANT.name}`,
        });
        if (agreed) expect(toasted('Cancellation requested')).toBe(true);
        else if (page.pov === 'reporter') expect(toasted('Trade cancelled')).toBe(true);
      },
    },
  },
);

/**
 * ag-grid draws rows and hands on row clicks in animation frames and timeouts, and the toaster
 * spaces its toasts, on the timers the cover fakes: frames are played (at most 100) until `done`.
 */
async function playFrames(done: () => boolean) {
  for (let frame = 0; frame < 100 && !done(); frame++) await act(() => vi.advanceTimersByTimeAsync(16));
  expect(done()).toBe(true);
}

/** The list's row of the order, once the list has answered and the grid has drawn it. */
async function eventualRow(): Promise<HTMLElement> {
  const row = () => document.querySelector<HTMLElement>(`[data-testid="orders-grid"] .ag-row[row-id="${ID}"]`);
  await eventually(() => expect(document.querySelector('[data-testid="orders-range"]')?.textContent).toBe('1–1 of 1'), 5_000);
  await playFrames(() => row() !== null);
  return row()!;
}
