import { render } from '@testing-library/react';
import { expect } from 'vitest';
import { buzzModel } from '../../../machines/buzz.model';
import { BuzzFrame } from '../../../src/client/ui/BuzzFrame';
import { describeUiCover } from './uiCover';

const frame = () => document.querySelector('.kosh-buzz') as HTMLElement;

// xstate.after.buzzDuration: the harness advances the fake clock by BUZZ_DURATION_MS.
describeUiCover<{ buzz: () => void }>('buzz', buzzModel, {
  mount() {
    // The id it mounts with is history; each later id is one buzz message.
    let id = 1;
    const { rerender } = render(<BuzzFrame lastBuzzId={id}>message</BuzzFrame>);
    return { buzz: () => rerender(<BuzzFrame lastBuzzId={++id}>message</BuzzFrame>) };
  },
  perform: {
    'buzz.received': (view) => view.buzz(),
  },
  views: {
    idle: () => {
      expect(frame().dataset.buzz).toBe('idle');
      expect(frame().classList.contains('kosh-buzz--shaking')).toBe(false);
    },
    started: () => {
      expect(frame().dataset.buzz).toBe('started');
      expect(frame().classList.contains('kosh-buzz--shaking')).toBe(true);
    },
    // Finished: still, and the frame tells a test (and CSS) the buzz ran.
    finished: () => {
      expect(frame().dataset.buzz).toBe('finished');
      expect(frame().classList.contains('kosh-buzz--shaking')).toBe(false);
    },
  },
});
