/** Light and dark themes (Blueprint's dark class on <body>), remembered per browser. */
import { useSyncExternalStore } from 'react';
import { Classes } from '@blueprintjs/core';

export type Theme = 'light' | 'dark';
const STORAGE_KEY = 'kosh.theme';
const listeners = new Set<() => void>();

function readTheme(): Theme {
  return document.body.classList.contains(Classes.DARK) ? 'dark' : 'light';
}

/** Sets the theme on the page and remembers it. */
export function setTheme(theme: Theme): void {
  document.body.classList.toggle(Classes.DARK, theme === 'dark');
  document.documentElement.dataset.theme = theme;
  localStorage.setItem(STORAGE_KEY, theme);
  for (const listener of listeners) listener();
}

/** Applies the remembered theme, or the system preference, before the first render. */
export function applyStoredTheme(): void {
  const stored = localStorage.getItem(STORAGE_KEY);
  const prefersDark = typeof matchMedia === 'function' && matchMedia('(prefers-color-scheme: dark)').matches;
  setTheme(stored === 'dark' || stored === 'light' ? stored : prefersDark ? 'dark' : 'light');
}

/** The current theme, re-rendering when it changes. */
export function useTheme(): Theme {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    readTheme,
    () => 'light',
  );
}
