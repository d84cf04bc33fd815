import { useEffect, useState } from 'react';

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

const current = (): Theme => storedTheme() ?? (systemQuery().matches ? 'dark' : 'light');

/**
 * The theme in force: the user's choice when they made one (remembered), else the system's,
 * followed live while no choice is stored.
 */
export function useTheme() {
  const [theme, setThemeState] = useState<Theme>(current);

  useEffect(() => {
    document.documentElement.classList.toggle('dark', theme === 'dark');
  }, [theme]);

  useEffect(() => {
    const query = systemQuery();
    const follow = () => {
      if (storedTheme() === null) setThemeState(query.matches ? 'dark' : 'light');
    };
    query.addEventListener('change', follow);
    return () => query.removeEventListener('change', follow);
  }, []);

  const setTheme = (next: Theme) => {
    try {
      localStorage.setItem(themeStorageKey, next);
    } catch {
      // not remembered (private mode): it still applies to this page
    }
    setThemeState(next);
  };
  return { theme, setTheme };
}
