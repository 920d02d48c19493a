/**
 * The dart page's panel layout: which panels, in what order, how wide (in twelfths of the page)
 * and how tall (in row units). It is kept per user in localStorage; a stored layout that cannot be
 * read, or that lacks a panel titled Build Network, is cleared (spec 02 §2 stored dock layout).
 */
export const DART_PANEL_IDS = ['publicRuns', 'privateRuns', 'rfqQuotes', 'myQuotes', 'negotiations', 'depth', 'network', 'chat'] as const;
export type DartPanelId = (typeof DART_PANEL_IDS)[number];

export const DART_PANEL_TITLES: Record<DartPanelId, string> = {
  publicRuns: 'Public runs',
  privateRuns: 'Private runs',
  rfqQuotes: 'RFQ quotes',
  myQuotes: 'My quotes',
  negotiations: 'Negotiations',
  depth: 'Depth',
  network: 'Build Network',
  chat: 'Chat',
};

/** The panel every stored layout must hold to be kept (spec 02 §2). */
export const REQUIRED_PANEL_TITLE = 'Build Network';

export const COLUMNS = 12;
export const MIN_WIDTH = 3;
export const MAX_HEIGHT = 4;

export interface PanelPlacement {
  id: DartPanelId;
  title: string;
  width: number;
  height: number;
}
export type DartLayout = PanelPlacement[];

const place = (id: DartPanelId, width: number, height: number): PanelPlacement => ({ id, title: DART_PANEL_TITLES[id], width, height });

export const DEFAULT_LAYOUT: DartLayout = [
  place('publicRuns', 6, 2),
  place('privateRuns', 6, 2),
  place('rfqQuotes', 6, 2),
  place('myQuotes', 6, 2),
  place('negotiations', 5, 2),
  place('depth', 4, 2),
  place('network', 3, 2),
  place('chat', 12, 2),
];

export const layoutStorageKey = (userId: number) => `kosh.dart.layout.${userId}`;

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, Math.round(value)));
const isPanelId = (id: unknown): id is DartPanelId => DART_PANEL_IDS.includes(id as DartPanelId);

/**
 * The layout stored for a user, or null when it must be cleared: unreadable, or without a panel
 * titled Build Network. Unknown panels are dropped, sizes clamped, panels it does not know yet appended.
 */
export function parseStoredLayout(text: string): DartLayout | null {
  let stored: unknown;
  try {
    stored = JSON.parse(text);
  } catch {
    return null;
  }
  if (!Array.isArray(stored)) return null;
  const entries = stored.filter((p): p is Record<string, unknown> => typeof p === 'object' && p !== null);
  if (!entries.some((p) => p.title === REQUIRED_PANEL_TITLE)) return null;
  const layout: DartLayout = [];
  for (const entry of entries) {
    if (!isPanelId(entry.id) || layout.some((p) => p.id === entry.id)) continue;
    layout.push(
      place(entry.id, clamp(Number(entry.width) || MIN_WIDTH, MIN_WIDTH, COLUMNS), clamp(Number(entry.height) || 1, 1, MAX_HEIGHT)),
    );
  }
  for (const missing of DEFAULT_LAYOUT) if (!layout.some((p) => p.id === missing.id)) layout.push(missing);
  return layout;
}

/** The user's layout; a stored one that must be cleared is removed and the default used. */
export function loadLayout(storage: Storage, userId: number): DartLayout {
  const key = layoutStorageKey(userId);
  const text = storage.getItem(key);
  if (text === null) return DEFAULT_LAYOUT;
  const layout = parseStoredLayout(text);
  if (layout === null) storage.removeItem(key);
  return layout ?? DEFAULT_LAYOUT;
}

export function saveLayout(storage: Storage, userId: number, layout: DartLayout): void {
  storage.setItem(layoutStorageKey(userId), JSON.stringify(layout));
}

/** The layout with `id` moved `by` places (negative: earlier), kept within the list. */
export function movePanel(layout: DartLayout, id: DartPanelId, by: number): DartLayout {
  const from = layout.findIndex((p) => p.id === id);
  const to = clamp(from + by, 0, layout.length - 1);
  if (from < 0 || from === to) return layout;
  const next = layout.filter((p) => p.id !== id);
  next.splice(to, 0, layout[from]!);
  return next;
}

/** The layout with `id` placed where `target` is (a drag and drop). */
export function movePanelTo(layout: DartLayout, id: DartPanelId, target: DartPanelId): DartLayout {
  return movePanel(layout, id, layout.findIndex((p) => p.id === target) - layout.findIndex((p) => p.id === id));
}

/** The layout with `id` resized by `columns` and `rows`, within 3–12 columns and 1–4 rows. */
export function resizePanel(layout: DartLayout, id: DartPanelId, columns: number, rows: number): DartLayout {
  return layout.map((p) =>
    p.id === id ? { ...p, width: clamp(p.width + columns, MIN_WIDTH, COLUMNS), height: clamp(p.height + rows, 1, MAX_HEIGHT) } : p,
  );
}
