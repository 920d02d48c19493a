import { beforeEach, describe, expect, it } from 'vitest';
import {
  DEFAULT_LAYOUT,
  layoutStorageKey,
  loadLayout,
  movePanel,
  movePanelTo,
  parseStoredLayout,
  resizePanel,
  saveLayout,
} from './dartLayout';

const ids = (layout: { id: string }[]) => layout.map((p) => p.id);

describe('the dart layout', () => {
  beforeEach(() => localStorage.clear());

  it("keeps a user's rearranged and resized layout, per user", () => {
    const moved = resizePanel(movePanel(DEFAULT_LAYOUT, 'network', -6), 'network', 3, 1);
    saveLayout(localStorage, 7, moved);
    expect(loadLayout(localStorage, 7)).toEqual(moved);
    expect(ids(loadLayout(localStorage, 7))[0]).toBe('network');
    expect(loadLayout(localStorage, 8)).toEqual(DEFAULT_LAYOUT);
  });

  it('clears a stored layout that lacks a panel titled Build Network, and one it cannot read', () => {
    localStorage.setItem(layoutStorageKey(7), JSON.stringify(DEFAULT_LAYOUT.filter((p) => p.title !== 'Build Network')));
    expect(loadLayout(localStorage, 7)).toEqual(DEFAULT_LAYOUT);
    expect(localStorage.getItem(layoutStorageKey(7))).toBeNull();
    localStorage.setItem(layoutStorageKey(7), '{not json');
    expect(loadLayout(localStorage, 7)).toEqual(DEFAULT_LAYOUT);
    expect(localStorage.getItem(layoutStorageKey(7))).toBeNull();
  });

  it('drops panels it does not know, clamps sizes and appends panels the stored layout predates', () => {
    const stored = [
      { id: 'network', title: 'Build Network', width: 40, height: 0 },
      { id: 'weather', title: 'Weather', width: 4, height: 1 },
    ];
    const layout = parseStoredLayout(JSON.stringify(stored))!;
    expect(layout[0]).toEqual({ id: 'network', title: 'Build Network', width: 12, height: 1 });
    expect(ids(layout)).toEqual(['network', ...ids(DEFAULT_LAYOUT).filter((id) => id !== 'network')]);
  });

  it('has a Chat panel beside the trading panels, and a layout stored before it gains it at the end', () => {
    expect(DEFAULT_LAYOUT.find((p) => p.id === 'chat')).toMatchObject({ title: 'Chat' });
    const before = DEFAULT_LAYOUT.filter((p) => p.id !== 'chat');
    expect(ids(parseStoredLayout(JSON.stringify(before))!).at(-1)).toBe('chat');
  });

  it('moves a panel within the list and onto another, and resizes within 3–12 columns and 1–4 rows', () => {
    expect(ids(movePanel(DEFAULT_LAYOUT, 'publicRuns', -1))).toEqual(ids(DEFAULT_LAYOUT));
    expect(ids(movePanel(DEFAULT_LAYOUT, 'publicRuns', 1)).slice(0, 2)).toEqual(['privateRuns', 'publicRuns']);
    expect(ids(movePanelTo(DEFAULT_LAYOUT, 'network', 'rfqQuotes')).slice(0, 3)).toEqual(['publicRuns', 'privateRuns', 'network']);
    const depth = (layout: typeof DEFAULT_LAYOUT) => layout.find((p) => p.id === 'depth')!;
    expect(depth(resizePanel(DEFAULT_LAYOUT, 'depth', -5, -5))).toMatchObject({ width: 3, height: 1 });
    expect(depth(resizePanel(DEFAULT_LAYOUT, 'depth', 20, 20))).toMatchObject({ width: 12, height: 4 });
  });
});
