import { useSyncExternalStore } from 'react';
import { persistence, type ThemeName } from '../../lib/storage';

type Listener = () => void;

function initialTheme(): ThemeName {
  const stored = persistence.loadTheme();
  if (stored) return stored;
  const prefersDark = typeof window !== 'undefined' && window.matchMedia?.('(prefers-color-scheme: dark)').matches;
  return prefersDark ? 'dark' : 'light';
}

let current: ThemeName = 'light';
const listeners = new Set<Listener>();

function apply(theme: ThemeName) {
  current = theme;
  if (typeof document !== 'undefined') {
    document.documentElement.dataset.theme = theme;
    document.documentElement.style.colorScheme = theme;
  }
  listeners.forEach((listener) => listener());
}

/** The theme is one of the two things kept in local storage (spec 3). */
export const theme = {
  init: () => apply(initialTheme()),
  get: () => current,
  set(next: ThemeName) {
    persistence.saveTheme(next);
    apply(next);
  },
  toggle() {
    theme.set(current === 'light' ? 'dark' : 'light');
  },
  subscribe(listener: Listener) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

export function useTheme(): ThemeName {
  return useSyncExternalStore(theme.subscribe, theme.get, theme.get);
}
