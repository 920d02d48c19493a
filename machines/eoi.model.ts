/**
 * The EOI machine's test model and its oracle, written from spec 01 §3–4 (create, update, expire,
 * close with confirmation, respond and negotiate) and the lifecycle of the trading issue: live at
 * once when submitted; negotiating while any response is open; traded, expired, closed or replaced
 * for good. An accepted deal waits on the exchange one at a time, and meanwhile nothing ends the
 * quote or the dealt negotiation but the exchange's answer (issue #27).
 */
import { expect } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import { eoiMachine } from './eoi.machine';
import { defineModel, type Step } from './testing/machineModel';
import { expectUnchanged, from } from './testing/oracle';

const open = (s: AnyMachineSnapshot) => s.context.openNegotiations as number;
const ACTIVE = ['active.live', 'active.negotiating'] as const;
const endsFromActive = (target: string) => Object.fromEntries(ACTIVE.map((state) => [state, target]));
const pending = (s: AnyMachineSnapshot) => s.context.dealPending as boolean;
const keepsCount = ({ before, after }: Step) => expect(open(after)).toBe(open(before));
/** While a deal waits on the exchange the event changes nothing; otherwise `table` says what it does. */
const unlessDealPending =
  (table: Parameters<typeof from>[0]) =>
  (step: Step): void =>
    pending(step.before) ? expectUnchanged(step) : from(table)(step);
const noDealPending = (s: AnyMachineSnapshot) => expect(pending(s), 'deal pending').toBe(false);

export const eoiModel = defineModel({
  machine: eoiMachine,
  inputs: [undefined],
  events: [
    { type: 'submit' },
    { type: 'update' },
    { type: 'negotiation.opened' },
    { type: 'negotiation.ended' },
    { type: 'deal.submitted' },
    { type: 'deal.confirmed' },
    { type: 'deal.rejected' },
    { type: 'expire' },
    { type: 'validity.elapsed' },
    { type: 'close' },
    { type: 'replace' },
  ],
  initial: (snapshot) => {
    expect(snapshot.value).toBe('draft');
    expect(snapshot.context).toEqual({ openNegotiations: 0, revision: 0, dealPending: false });
  },
  // Two open negotiations behave like any larger number; the revision is only carried along.
  serialize: (s) => JSON.stringify([s.value, Math.min(open(s), 2), pending(s)]),
  states: {
    draft: { tags: [], holds: noDealPending },
    'active.live': {
      tags: ['onMarket'],
      holds: (s) => {
        expect(open(s), 'open negotiations').toBe(0);
        noDealPending(s);
      },
    },
    'active.negotiating': { tags: ['onMarket', 'negotiating'], holds: (s) => expect(open(s), 'open negotiations').toBeGreaterThan(0) },
    // No quote ends with a deal still on the exchange.
    traded: { tags: [], holds: noDealPending },
    expired: { tags: [], holds: noDealPending },
    closed: { tags: [], holds: noDealPending },
    replaced: { tags: [], holds: noDealPending },
  },
  steps: {
    submit: from({ draft: 'active.live' }),
    update: from(
      Object.fromEntries(
        ACTIVE.map((state) => [
          state,
          [
            state,
            ({ before, after }: Step) => {
              expect(after.context.revision).toBe(before.context.revision + 1);
              expect(open(after)).toBe(open(before));
              expect(pending(after)).toBe(pending(before));
            },
          ],
        ]),
      ),
    ),
    'negotiation.opened': from(
      Object.fromEntries(
        ACTIVE.map((state) => [state, ['active.negotiating', ({ before, after }: Step) => expect(open(after)).toBe(open(before) + 1)]]),
      ),
    ),
    // The dealt negotiation is not ended this way: with only it open, nothing changes.
    'negotiation.ended': (step) =>
      pending(step.before) && open(step.before) === 1
        ? expectUnchanged(step)
        : from({
            'active.negotiating': ({ before }) => [
              open(before) === 1 ? 'active.live' : 'active.negotiating',
              ({ after }) => {
                expect(open(after)).toBe(open(before) - 1);
                expect(pending(after)).toBe(pending(before));
              },
            ],
          })(step),
    // One deal at a time waits on the exchange.
    'deal.submitted': unlessDealPending({
      'active.negotiating': [
        'active.negotiating',
        (step) => {
          keepsCount(step);
          expect(pending(step.after)).toBe(true);
        },
      ],
    }),
    'deal.confirmed': (step) =>
      pending(step.before) ? from({ 'active.negotiating': ['traded', keepsCount] })(step) : expectUnchanged(step),
    'deal.rejected': (step) =>
      pending(step.before)
        ? from({
            'active.negotiating': ({ before }) => [
              open(before) === 1 ? 'active.live' : 'active.negotiating',
              ({ after }) => expect(open(after)).toBe(open(before) - 1),
            ],
          })(step)
        : expectUnchanged(step),
    expire: unlessDealPending(endsFromActive('expired')),
    'validity.elapsed': unlessDealPending(endsFromActive('expired')),
    close: unlessDealPending(endsFromActive('closed')),
    replace: unlessDealPending(endsFromActive('replaced')),
  },
});
