import { useSyncExternalStore } from 'react';
import { persistence, type ThemeName } from '../../lib/storage';

type Listener = () => void;

const darkQuery = () => (typeof window !== 'undefined' ? (window.matchMedia?.('(prefers-color-scheme: dark)') ?? null) : null);
const deviceTheme = (): ThemeName => (darkQuery()?.matches ? 'dark' : 'light');

function initialTheme(): ThemeName {
  return persistence.loadTheme() ?? deviceTheme();
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

/**
 * The theme is one of the two things kept in local storage (spec 3): this device's choice, or
 * none, when the device's colour-scheme setting decides (and is followed as it changes). The
 * account's theme (profile preferences, null: follow the device) is applied when the user signs in.
 */
export const theme = {
  init: () => {
    apply(initialTheme());
    darkQuery()?.addEventListener?.('change', () => {
      if (!persistence.loadTheme()) apply(deviceTheme());
    });
  },
  get: () => current,
  set(next: ThemeName) {
    persistence.saveTheme(next);
    apply(next);
  },
  /** Forgets this device's choice: the device's colour-scheme setting decides. */
  followDevice() {
    persistence.saveTheme(null);
    apply(deviceTheme());
  },
  /** At sign-in: the account's theme when it has one; without one (null) this device keeps its own. */
  adopt(accountTheme: ThemeName | null | undefined) {
    if (accountTheme === 'light' || accountTheme === 'dark') theme.set(accountTheme);
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
