/**
 * The trading dialogs against the real server (tests/clientServer/tradingServer.ts): what each one
 * sends, the contract's and the server's messages word for word, a refused command keeping the
 * form, and accepting on the figures shown (a 409 shows the current ones and asks again).
 */
import { act, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { File as NodeFile } from 'node:buffer';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  type ClusterView,
  type EoiView,
  NEGOTIATION_MESSAGES,
  TRADING_MESSAGES,
  UPLOAD_MESSAGES,
} from '../../../../shared/contracts/trading';
import { INSTRUMENT_MESSAGES } from '../../../../shared/contracts/instruments';
import { quantumMultipleMessage, VALIDATION_MESSAGES } from '../../../../shared/validation/messages';
import { formatInr } from '../../security/format';
import { FIGURES_CHANGED_NOTICE } from './AcceptDialog';
import { totalFor } from './considerationTotals';
import {
  type ApiCaller,
  BROKER,
  DEALER_A,
  DEALER_B,
  PRICE_OVERRIDER,
  startTradingServer,
  type TradingServer,
} from '../../../../../tests/clientServer/tradingServerClient';
import { openDialog, typeInto } from './testing';

// Each test signs in and talks to the server process: slow on a busy 2-core machine.
configure({ asyncUtilTimeout: 10_000 });

let server: TradingServer;
let dealerA: ApiCaller;
let dealerB: ApiCaller;

beforeAll(async () => {
  server = await startTradingServer();
  dealerA = await server.as(DEALER_A);
  dealerB = await server.as(DEALER_B);
}, 120_000);
afterAll(async () => {
  await server.stop();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

/** A bid by dealer A, posted through the API as the page would. */
async function bidByA(over: object = {}): Promise<EoiView> {
  const res = await dealerA<EoiView>('POST', '/api/trade/eoi/', {
    finstrument_id: server.bond.id,
    quantum: server.bond.faceValue * 10,
    yield_stored: 0.0825,
    ...over,
  });
  expect(res.status).toBe(201);
  return res.data;
}

async function negotiation(): Promise<{ eoi: EoiView; cluster: ClusterView }> {
  const eoi = await bidByA();
  const res = await dealerB<ClusterView>('POST', '/api/eoi/add-negotiation/', { respond_eoi_id: eoi.id, unit_price_stored: 99.25 });
  expect(res.status).toBe(201);
  return { eoi, cluster: res.data };
}

const myQuotes = async () => (await dealerA<{ results: EoiView[] }>('GET', '/api/trade/eoi/')).data.results;
const myQuote = async (id: number) => (await myQuotes()).find((e) => e.id === id);
const cluster = async (caller: ApiCaller, id: number, query = '') => (await caller<ClusterView>('GET', `/api/cluster/${id}/${query}`)).data;
const field = (dialog: HTMLElement, label: string | RegExp) => within(dialog).getByLabelText(label);
const submit = (dialog: HTMLElement, name: string | RegExp) => fireEvent.click(within(dialog).getByRole('button', { name }));
/** A whole quote: ten bonds at `yieldPercent`, with `option` switched on; submitting it asks for the missing party, searched in the field labelled `party`. */
async function quoteNeedingParty(
  dialog: HTMLElement,
  yieldPercent: string,
  option: string,
  party: string,
  submitText: string,
  message: string,
) {
  typeInto(field(dialog, /Quantum/), String(server.bond.faceValue * 10));
  typeInto(dialog.querySelector('.kosh-pricing-input__field input')!, yieldPercent);
  fireEvent.click(within(dialog).getByRole('checkbox', { name: option }));
  submit(dialog, submitText);
  expect(await within(dialog).findByText(message)).toBeTruthy();
  const search = within(dialog).getByRole('combobox', { name: party });
  act(() => search.focus());
  return search;
}
const chooseCompany = async (name: string) =>
  fireEvent.click(await screen.findByText(name, { selector: '.kosh-counterparty-search__option > div' }));
const helperOf = (input: HTMLElement) => input.closest('.bp6-form-group')?.querySelector('.bp6-form-helper-text')?.textContent;

describe('trading dialogs against the server', { timeout: 60_000 }, () => {
  it('new bid: the contract messages, the server refusing a quantum in part bonds, then the bid goes live', async () => {
    const { dialog } = await openDialog(DEALER_A, { kind: 'newEoi', side: 'BID', bondId: server.bond.id });
    await waitFor(() => expect((field(dialog, 'Bond') as HTMLInputElement).value).toBe(server.bond.name));

    // Only a price-override user may replace the engine's price.
    expect(within(dialog).queryByLabelText(/Override price/)).toBeNull();
    submit(dialog, 'Post bid');
    await waitFor(() => expect(helperOf(field(dialog, /Quantum/))).toBe('This field is required'));
    expect(within(dialog).getByText('Yield is required')).toBeTruthy();

    typeInto(field(dialog, /Quantum/), 'ten');
    submit(dialog, 'Post bid');
    await waitFor(() => expect(helperOf(field(dialog, /Quantum/))).toBe('Should be number'));

    typeInto(field(dialog, /Validity/), '20000');
    typeInto(dialog.querySelector('.kosh-pricing-input__field input')!, '8.25');
    typeInto(field(dialog, /Quantum/), String(server.bond.faceValue * 10 + 1));
    submit(dialog, 'Post bid');
    await waitFor(() => expect(helperOf(field(dialog, /Validity/))).toBe('Validity must be a whole number of minutes from 1 to 10,080'));

    // The face-value rule needs the bond: the server's message shows under the field, the form keeps its values.
    typeInto(field(dialog, /Validity/), '30');
    submit(dialog, 'Post bid');
    await waitFor(() => expect(helperOf(field(dialog, /Quantum/))).toBe(quantumMultipleMessage(server.bond.faceValue)));
    expect((field(dialog, /Validity/) as HTMLInputElement).value).toBe('30');
    expect(await screen.findAllByText(quantumMultipleMessage(server.bond.faceValue))).not.toHaveLength(0);

    typeInto(field(dialog, /Quantum/), String(server.bond.faceValue * 10));
    submit(dialog, 'Post bid');
    expect(await screen.findByText('Bid posted')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const posted = (await myQuotes())[0];
    expect(posted).toMatchObject({
      quote_type: 'BID',
      quantum: server.bond.faceValue * 10,
      yield_stored: 0.0825,
      validity: 30,
      status: 'live',
      rfq_mode: 'OTM',
      exchange: 'NSE',
      is_best: false,
    });
  });

  it("price override: the price-override user's own price replaces the engine's for the yield, after confirming it", async () => {
    const { dialog } = await openDialog(PRICE_OVERRIDER, { kind: 'newEoi', side: 'BID', bondId: server.bond.id });
    await waitFor(() => expect((field(dialog, 'Bond') as HTMLInputElement).value).toBe(server.bond.name));
    typeInto(field(dialog, /Quantum/), String(server.bond.faceValue * 10));
    typeInto(dialog.querySelector('.kosh-pricing-input__field input')!, '8.25');
    const override = field(dialog, 'Override price (clean)');
    typeInto(override, '300');
    submit(dialog, 'Post bid');
    await waitFor(() => expect(helperOf(override)).toBe('Should be less than 250'));
    expect(within(dialog).getByText(TRADING_MESSAGES.overrideConfirm)).toBeTruthy();

    typeInto(override, '99.5');
    fireEvent.click(within(dialog).getByRole('checkbox', { name: "I confirm posting at my price instead of the engine's" }));
    submit(dialog, 'Post bid');
    expect(await screen.findByText(`${server.bond.name}: live on NSE at your price 99.5000`)).toBeTruthy();
    const [posted] = await myQuotes();
    expect(posted).toMatchObject({ unit_price_stored: 99.5, yield_stored: 0.0825, price_overridden: true });
  });

  it('one-to-one: asks for the counterparty in the contract words, then the offer goes only to the client chosen', async () => {
    const { dialog } = await openDialog(DEALER_A, { kind: 'newEoi', side: 'ASK', bondId: server.bond.id });
    const search = await quoteNeedingParty(dialog, '8.1', 'One-to-one', 'Counterparty', 'Post offer', TRADING_MESSAGES.otoCounterparty);
    typeInto(search, 'Vasuki');
    await chooseCompany('Vasuki Wealth Partners LLP');
    expect(within(dialog).getByText('Goes to Vasuki Wealth Partners LLP only')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Anonymous' }));
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Best price' }));
    submit(dialog, 'Post offer');
    expect(await screen.findByText('Offer posted')).toBeTruthy();
    const [posted] = await myQuotes();
    expect(posted).toMatchObject({
      quote_type: 'ASK',
      rfq_mode: 'OTO',
      anonymous: true,
      is_best: true,
      oto_client: { name: 'Vasuki Wealth Partners LLP' },
    });
    const run = await dealerB<{ results: EoiView[] }>('GET', '/api/eoi/private-run/');
    expect(run.data.results.find((e) => e.id === posted!.id)).toMatchObject({ client: null, is_best: true });
  });

  it("a broker's bid for an end client: only clients who trade through the broker are offered, and the bid carries the one chosen", async () => {
    const broker = await server.as(BROKER);
    const { dialog } = await openDialog(BROKER, { kind: 'newEoi', side: 'BID', bondId: server.bond.id });
    const search = await quoteNeedingParty(dialog, '8.2', 'For an end client', 'End client', 'Post bid', TRADING_MESSAGES.endClientUnknown);
    typeInto(search, 'Kaveri');
    expect(await screen.findByText('No Entities Found')).toBeTruthy();
    typeInto(search, 'Vasuki');
    await chooseCompany('Vasuki Wealth Partners LLP');
    submit(dialog, 'Post bid');
    expect(await screen.findByText('Bid posted')).toBeTruthy();
    const [posted] = (await broker<{ results: EoiView[] }>('GET', '/api/trade/eoi/')).data.results;
    const vasuki = (await dealerB<{ id: number }>('GET', '/api/client/')).data.id;
    expect(posted).toMatchObject({ quote_type: 'BID', end_client_id: vasuki });
  });

  it('Esc cancels a dialog and sends nothing', async () => {
    const { dialog } = await openDialog(DEALER_A, { kind: 'newEoi', side: 'ASK' });
    const before = server.requests.filter((r) => r.startsWith('/api/trade/eoi/')).length;
    fireEvent.keyDown(dialog, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(server.requests.filter((r) => r.startsWith('/api/trade/eoi/'))).toHaveLength(before);
  });

  it("respond: the contract's price message, then a response that opens a negotiation with the quote's owner", async () => {
    const eoi = await bidByA();
    const { dialog } = await openDialog(DEALER_B, { kind: 'respond', eoi });
    typeInto(field(dialog, 'Your clean price'), '300');
    submit(dialog, 'Send response');
    expect(await within(dialog).findByText('Should be less than 250')).toBeTruthy();
    typeInto(field(dialog, 'Your clean price'), '99.25');
    submit(dialog, 'Send response');
    expect(await screen.findByText('Response sent')).toBeTruthy();
    const clusters = (await dealerA<{ results: ClusterView[] }>('GET', '/api/trade/cluster/')).data.results;
    expect(clusters.find((c) => c.eoi_id === eoi.id)).toMatchObject({
      my_role: 'owner',
      status: 'withOwner',
      figures: { unit_clean_price: 99.25 },
    });
  });

  it('counter: out of turn the server refuses with its message and the price stays typed; in turn it goes to the other party', async () => {
    const { cluster: opened } = await negotiation();
    const outOfTurn = await openDialog(DEALER_B, { kind: 'counter', cluster: opened });
    typeInto(field(outOfTurn.dialog, /Your offer price/), '99.5');
    submit(outOfTurn.dialog, 'Send counter');
    expect((await within(outOfTurn.dialog).findByRole('alert')).textContent).toBe('It is not your turn: the other party has your quote.');
    expect((field(outOfTurn.dialog, /Your offer price/) as HTMLInputElement).value).toBe('99.5');
    outOfTurn.unmount();

    const asOwner = await cluster(dealerA, opened.id);
    const { dialog } = await openDialog(DEALER_A, { kind: 'counter', cluster: asOwner });
    typeInto(field(dialog, /Your bid price/), '99.1');
    submit(dialog, 'Send counter');
    expect(await screen.findByText('Counter sent')).toBeTruthy();
    expect(await cluster(dealerB, opened.id)).toMatchObject({
      status: 'withResponder',
      can_accept: true,
      figures: { unit_clean_price: 99.1 },
    });
  });

  it('counter: moves the settlement date; a past date and a weekend are refused in the form, a holiday by the server, each under the field', async () => {
    const { cluster: opened } = await negotiation();
    // The server's day is Friday 2026-11-20: the negotiation settles T+1, on Monday; Tuesday the 24th is a holiday.
    expect(opened.figures.settlement_date).toBe('2026-11-23');
    // The page's day is that Monday (only the date is fixed: timers run as usual).
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-23T06:30:00.000Z') });
    try {
      const { dialog } = await openDialog(DEALER_A, { kind: 'counter', cluster: await cluster(dealerA, opened.id) });
      const date = field(dialog, 'Settlement date') as HTMLInputElement;
      expect(date.value).toBe('2026-11-23');
      typeInto(field(dialog, /Your bid price/), '99.1');
      const refuses = async (day: string, message: string) => {
        typeInto(date, day);
        submit(dialog, 'Send counter');
        await waitFor(() => expect(helperOf(date)).toBe(message));
      };
      await refuses('2026-11-20', VALIDATION_MESSAGES.settlementBeforeTrade);
      await refuses('2026-11-28', VALIDATION_MESSAGES.settlementWeekend);
      // Neither left the page.
      expect(server.requests.filter((r) => r === `/api/trade/cluster/${opened.id}/`)).toEqual([]);
      await refuses('2026-11-24', INSTRUMENT_MESSAGES.settlementNotBusinessDay);
      expect((await cluster(dealerB, opened.id)).figures.settlement_date).toBe('2026-11-23');

      typeInto(date, '2026-11-25');
      submit(dialog, 'Send counter');
      expect(await screen.findByText('Counter sent')).toBeTruthy();
      expect(await cluster(dealerB, opened.id)).toMatchObject({
        status: 'withResponder',
        figures: { settlement_date: '2026-11-25', unit_clean_price: 99.1 },
      });
    } finally {
      vi.useRealTimers();
    }
  });

  it('accept: shows the consideration to the paisa; when the figures moved the 409 shows the current ones, and accepting again deals', async () => {
    const { cluster: opened } = await negotiation();
    const seen = (await cluster(dealerA, opened.id, '?price')).figures;
    const { dialog } = await openDialog(DEALER_A, { kind: 'accept', cluster: opened });
    const figure = (label: string) => dialog.querySelector(`[data-figure="${label}"]`)?.textContent;
    await waitFor(() => expect(figure('Principal')).toBe(formatInr(seen.principal)));
    expect(figure('Accrued interest')).toBe(formatInr(seen.total_accrued_interest));
    expect(figure('Stamp duty (paid by the buyer)')).toBe(formatInr(seen.stamp_duty));
    expect(figure('Total you pay')).toBe(formatInr(totalFor('BUY', seen)));
    expect(figure('Clean price')).toBe('99.2500');

    await server.command({ reprice: opened.id, price: 99.3 });
    submit(dialog, 'Accept');
    expect((await within(dialog).findByRole('alert')).textContent).toBe(FIGURES_CHANGED_NOTICE);
    await waitFor(() => expect(figure('Clean price')).toBe('99.3000'));
    expect((await cluster(dealerA, opened.id)).deal).toBeNull();

    const now = (await cluster(dealerA, opened.id, '?price')).figures;
    expect(figure('Principal')).toBe(formatInr(now.principal));
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Accept' }).hasAttribute('disabled')).toBe(false));
    submit(dialog, 'Accept');
    expect(await screen.findByText('Deal done on NSE')).toBeTruthy();
    const done = await cluster(dealerB, opened.id);
    // The deal is on the figures the user accepted (the yield is the negotiation's own, not re-derived here).
    expect(done.deal).toMatchObject({ exchange: 'NSE', exchange_status: 'CONFIRMED', figures: { ...now, bond_yield: expect.any(Number) } });
  });

  it("accept on a broker's spread: both legs and the brokerage as the server priced them, the buyer's total on the buyer's leg", async () => {
    const broker = await server.as(BROKER);
    const offer = await broker<EoiView>('POST', '/api/trade/eoi/', {
      finstrument_id: server.bond.id,
      quantum: server.bond.faceValue * 10,
      yield_stored: 0.0825,
      quote_type: 'ASK',
    });
    expect(offer.status).toBe(201);
    const answered = await dealerA<ClusterView>('POST', '/api/eoi/add-negotiation/', {
      respond_eoi_id: offer.data.id,
      unit_price_stored: 99,
    });
    expect(answered.status).toBe(201);
    const countered = await broker<ClusterView>('PUT', `/api/trade/cluster/${answered.data.id}/`, {
      seller_price: 99.5,
      seller_spread: 0.25,
    });
    expect(countered.status).toBe(200);
    const seen = await cluster(dealerA, answered.data.id, '?price');
    expect(seen.brokerage).not.toBeNull();

    const { dialog } = await openDialog(DEALER_A, { kind: 'accept', cluster: countered.data });
    const figure = (label: string, leg?: 'seller' | 'buyer') =>
      dialog.querySelector(`[data-figure="${label}"]${leg ? `[data-leg="${leg}"]` : ''}`)?.textContent;
    await waitFor(() => expect(figure('Clean price', 'seller')).toBe('99.5000'));
    expect(within(dialog).getByRole('columnheader', { name: 'Seller' })).toBeTruthy();
    expect(within(dialog).getByRole('columnheader', { name: 'Buyer (+ spread)' })).toBeTruthy();
    expect(figure('Clean price', 'buyer')).toBe('99.7500');
    expect(figure('Principal', 'seller')).toBe(formatInr(seen.figures.principal));
    expect(figure('Principal', 'buyer')).toBe(formatInr(seen.buyer_figures.principal));
    expect(figure('Consideration', 'seller')).toBe(formatInr(seen.figures.consideration));
    expect(figure('Consideration', 'buyer')).toBe(formatInr(seen.buyer_figures.consideration));
    expect(figure('Stamp duty (paid by the buyer)', 'seller')).toBe('—');
    expect(figure('Stamp duty (paid by the buyer)', 'buyer')).toBe(formatInr(seen.buyer_figures.stamp_duty));
    expect(figure("Broker's spread (per 100 face)")).toBe('0.2500');
    expect(figure('Brokerage')).toBe(formatInr(seen.brokerage!));
    expect(figure('Total you pay')).toBe(formatInr(totalFor('BUY', seen.buyer_figures)));

    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Accept' }).hasAttribute('disabled')).toBe(false));
    submit(dialog, 'Accept');
    expect(await screen.findByText('Deal done on NSE')).toBeTruthy();
    // The acceptor agreed to the spread they saw: the deal is on both legs.
    expect((await cluster(dealerA, answered.data.id)).deal).toMatchObject({
      seller_spread: '0.2500',
      brokerage: seen.brokerage,
      buyer_figures: { principal: seen.buyer_figures.principal },
    });
  });

  it('accept: a rejection by the exchange shows its reason', async () => {
    const { cluster: opened } = await negotiation();
    await server.command({ reject: 'NSE', reason: 'Counterparty limit exceeded' });
    try {
      const { dialog } = await openDialog(DEALER_A, { kind: 'accept', cluster: opened });
      await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Accept' }).hasAttribute('disabled')).toBe(false));
      submit(dialog, 'Accept');
      expect(await screen.findByText('Rejected by NSE')).toBeTruthy();
      expect(screen.getByText('Counterparty limit exceeded')).toBeTruthy();
    } finally {
      await server.command({ reject: 'NSE', reason: null });
    }
  });

  it('expire takes the quote off the market; a second expire shows the refusal', async () => {
    const eoi = await bidByA();
    const first = await openDialog(DEALER_A, { kind: 'expire', eoi });
    submit(first.dialog, 'Expire now');
    expect(await screen.findByText('Quote expired')).toBeTruthy();
    expect((await myQuote(eoi.id))?.status).toBe('expired');
    first.unmount();

    const again = await openDialog(DEALER_A, { kind: 'expire', eoi });
    submit(again.dialog, 'Expire now');
    expect((await within(again.dialog).findByRole('alert')).textContent).toBe('This quote is expired; only a live quote can be expired.');
  });

  it('close asks for the confirmation in the contract words, then closes the quote', async () => {
    const eoi = await bidByA();
    const { dialog } = await openDialog(DEALER_A, { kind: 'close', eoi });
    submit(dialog, 'Close quote');
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Please confirm closing this quote');
    expect((await myQuote(eoi.id))?.status).toBe('live');
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'I confirm closing this quote' }));
    submit(dialog, 'Close quote');
    expect(await screen.findByText('Quote closed')).toBeTruthy();
    expect((await myQuote(eoi.id))?.status).toBe('closed');
  });

  it('end negotiation: either party ends it, the quote stays live, and ending it again shows the refusal', async () => {
    const { eoi, cluster: opened } = await negotiation();
    const first = await openDialog(DEALER_B, { kind: 'endNegotiation', cluster: opened });
    submit(first.dialog, 'End negotiation');
    expect(await screen.findByText('Negotiation ended')).toBeTruthy();
    expect(await cluster(dealerA, opened.id)).toMatchObject({ status: 'closed', can_accept: false, can_counter: false });
    expect((await myQuote(eoi.id))?.status).toBe('live');
    first.unmount();

    const again = await openDialog(DEALER_A, { kind: 'endNegotiation', cluster: opened });
    submit(again.dialog, 'End negotiation');
    expect((await within(again.dialog).findByRole('alert')).textContent).toBe(NEGOTIATION_MESSAGES.negotiationOver);
    expect(await cluster(dealerA, opened.id)).toMatchObject({ status: 'closed' });
  });

  it('upload: only a CSV or XLSX file goes; a file with a bad row creates nothing and reports the row; a good file posts every quote', async () => {
    // jsdom's FormData and File are not the ones Node's fetch sends as multipart; a browser's are (see the e2e spec).
    const NodeFormData = (await new Response(new URLSearchParams()).formData()).constructor as typeof FormData;
    vi.stubGlobal('FormData', NodeFormData);
    const { dialog } = await openDialog(DEALER_A, { kind: 'upload' });
    const choose = (name: string, lines: string[]) =>
      fireEvent.change(dialog.querySelector('input[type=file]')!, {
        target: { files: [new NodeFile([lines.join('\n')], name, { type: name.endsWith('.csv') ? 'text/csv' : 'text/plain' })] },
      });
    choose('quotes.txt', ['x']);
    submit(dialog, 'Upload');
    expect((await within(dialog).findByRole('alert')).textContent).toBe(UPLOAD_MESSAGES.fileType);
    expect(server.requests.filter((r) => r.startsWith('/api/eoi/upload/'))).toEqual([]);

    const before = (await myQuotes()).length;
    const header = 'isin,quote_type,quantum,yield_stored,unit_price_stored';
    const good = `${server.bond.isin},BID,${server.bond.faceValue * 5},0.0833,`;
    choose('quotes.csv', [header, good, `${server.bond.isin},ASK,${server.bond.faceValue * 5},,300`]);
    submit(dialog, 'Upload');
    const report = await within(dialog).findByRole('table', { name: 'Rows with problems' });
    expect([...report.querySelectorAll('tbody tr')].map((tr) => tr.textContent)).toEqual(['2unit_price_storedShould be less than 250']);
    expect(within(dialog).getByRole('alert').textContent).toBe(UPLOAD_MESSAGES.rowsFailed);
    expect(await myQuotes()).toHaveLength(before);

    choose('quotes.csv', [header, good, `${server.bond.isin},ASK,${server.bond.faceValue * 5},,101.25`]);
    submit(dialog, 'Upload');
    expect(await screen.findByText('2 quotes posted')).toBeTruthy();
    expect(await myQuotes()).toHaveLength(before + 2);
  });
});
