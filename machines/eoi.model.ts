/**
 * The EOI machine's test model and its oracle, written from spec 01 §3–4 (create, update, expire,
 * close with confirmation, respond and negotiate) and the lifecycle of the trading issue: live at
 * once when submitted; negotiating while any response is open; traded, expired, closed or replaced
 * for good.
 */
import { expect } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import { eoiMachine } from './eoi.machine';
import { defineModel, type Step } from './testing/machineModel';
import { from } from './testing/oracle';

const open = (s: AnyMachineSnapshot) => s.context.openNegotiations as number;
const ACTIVE = ['active.live', 'active.negotiating'] as const;
const endsFromActive = (target: string) => Object.fromEntries(ACTIVE.map((state) => [state, target]));
const keepsCount = ({ before, after }: Step) => expect(open(after)).toBe(open(before));

export const eoiModel = defineModel({
  machine: eoiMachine,
  inputs: [undefined],
  events: [
    { type: 'submit' },
    { type: 'update' },
    { type: 'negotiation.opened' },
    { type: 'negotiation.ended' },
    { type: 'deal.confirmed' },
    { type: 'expire' },
    { type: 'validity.elapsed' },
    { type: 'close' },
    { type: 'replace' },
  ],
  initial: (snapshot) => {
    expect(snapshot.value).toBe('draft');
    expect(snapshot.context).toEqual({ openNegotiations: 0, revision: 0 });
  },
  // Two open negotiations behave like any larger number; the revision is only carried along.
  serialize: (s) => JSON.stringify([s.value, Math.min(open(s), 2)]),
  states: {
    draft: { tags: [] },
    'active.live': { tags: ['onMarket'], holds: (s) => expect(open(s), 'open negotiations').toBe(0) },
    'active.negotiating': { tags: ['onMarket', 'negotiating'], holds: (s) => expect(open(s), 'open negotiations').toBeGreaterThan(0) },
    traded: { tags: [] },
    expired: { tags: [] },
    closed: { tags: [] },
    replaced: { tags: [] },
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
    'negotiation.ended': from({
      'active.negotiating': ({ before }) => [
        open(before) === 1 ? 'active.live' : 'active.negotiating',
        ({ after }) => expect(open(after)).toBe(open(before) - 1),
      ],
    }),
    'deal.confirmed': from({ 'active.negotiating': ['traded', keepsCount] }),
    expire: from(endsFromActive('expired')),
    'validity.elapsed': from(endsFromActive('expired')),
    close: from(endsFromActive('closed')),
    replace: from(endsFromActive('replaced')),
  },
});
