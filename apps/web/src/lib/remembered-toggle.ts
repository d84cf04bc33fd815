import { useState } from 'react';

/**
 * An open/closed state remembered in localStorage under `key` (a panel the user folded stays folded
 * on the next visit); `fallback` until the user chooses. Storage refused (private mode) only
 * means it is not remembered.
 */
export function useRememberedToggle(key: string, fallback: boolean) {
  const [open, setOpen] = useState(() => {
    try {
      const stored = localStorage.getItem(key);
      return stored === null ? fallback : stored === 'open';
    } catch {
      return fallback;
    }
  });
  const set = (next: boolean) => {
    setOpen(next);
    try {
      localStorage.setItem(key, next ? 'open' : 'closed');
    } catch {
      // not remembered
    }
  };
  return [open, set] as const;
}
