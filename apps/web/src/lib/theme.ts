import { useSyncExternalStore } from 'react';

/** Where the chosen theme is remembered; public/theme.js reads the same key before the first paint. */
export const themeStorageKey = 'atende.theme';
export type Theme = 'light' | 'dark';

const systemQuery = () => window.matchMedia('(prefers-color-scheme: dark)');

function storedTheme(): Theme | null {
  try {
    const stored = localStorage.getItem(themeStorageKey);
    return stored === 'light' || stored === 'dark' ? stored : null;
  } catch {
    return null;
  }
}

/**
 * The theme in force, one value for every component (the header's toggle, the toasts): the
 * user's choice when they made one (remembered), else the system's, followed live while no
 * choice is stored. `html.dark` is what the styles read.
 */
const listeners = new Set<() => void>();
let current: Theme | null = null;

function apply(next: Theme) {
  current = next;
  document.documentElement.classList.toggle('dark', next === 'dark');
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  const query = systemQuery();
  const follow = () => {
    if (storedTheme() === null) apply(query.matches ? 'dark' : 'light');
  };
  query.addEventListener('change', follow);
  return () => {
    listeners.delete(listener);
    query.removeEventListener('change', follow);
  };
}

const snapshot = (): Theme => {
  current ??= storedTheme() ?? (systemQuery().matches ? 'dark' : 'light');
  return current;
};

export function setTheme(next: Theme) {
  try {
    localStorage.setItem(themeStorageKey, next);
  } catch {
    // not remembered (private mode): it still applies to this page
  }
  apply(next);
}

export function useTheme() {
  const theme = useSyncExternalStore(subscribe, snapshot);
  return { theme, setTheme };
}
