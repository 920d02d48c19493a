import { render } from '@testing-library/react';
import { expect } from 'vitest';
import { MACHINE_MODELS } from '../../../machines/testing/models';
import { BuzzFrame } from '../../../src/client/ui/BuzzFrame';
import { describeUiCover } from './uiCover';

const frame = () => document.querySelector('.kosh-buzz') as HTMLElement;

// xstate.after.buzzDuration: the harness advances the fake clock by BUZZ_DURATION_MS.
describeUiCover<{ buzz: () => void }>('buzz', MACHINE_MODELS.buzz!, {
  mount() {
    // The id it mounts with is history; each later id is one buzz message.
    let id = 1;
    const { rerender } = render(<BuzzFrame lastBuzzId={id}>message</BuzzFrame>);
    return { buzz: () => rerender(<BuzzFrame lastBuzzId={++id}>message</BuzzFrame>) };
  },
  perform: {
    'buzz.received': (view) => view.buzz(),
  },
  verify(_view, expected) {
    expect(frame().dataset.buzz).toBe(expected.value);
    expect(frame().classList.contains('kosh-buzz--shaking')).toBe(expected.hasTag('shaking'));
  },
});
