/**
 * Only the account state (the session token and the invitation-modal flags) and the theme are
 * persisted (spec 3), plus the build version the version check compares against.
 */
import type { Theme } from '../../../contracts/profile';

export type ThemeName = Theme;

export interface PersistedAccount {
  token: string;
  showInvitationModal: boolean;
  invitationModalDisabled: boolean;
}

const KEYS = {
  account: 'vessel-link.account',
  theme: 'vessel-link.theme',
  version: 'vessel-link.version',
} as const;

type KeyValueStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

function browserStorage(): KeyValueStore | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

export function createPersistence(store: KeyValueStore | null = browserStorage()) {
  const read = (key: string) => {
    try {
      return store?.getItem(key) ?? null;
    } catch {
      return null;
    }
  };
  const write = (key: string, value: string | null) => {
    try {
      if (value === null) store?.removeItem(key);
      else store?.setItem(key, value);
    } catch {
      // Private browsing or a full quota: the app keeps working without persistence.
    }
  };

  return {
    loadAccount(): PersistedAccount | null {
      const raw = read(KEYS.account);
      if (!raw) return null;
      try {
        const parsed = JSON.parse(raw) as Partial<PersistedAccount>;
        if (typeof parsed.token !== 'string' || !parsed.token) return null;
        return {
          token: parsed.token,
          showInvitationModal: parsed.showInvitationModal !== false,
          invitationModalDisabled: parsed.invitationModalDisabled === true,
        };
      } catch {
        return null;
      }
    },
    saveAccount(account: PersistedAccount | null) {
      write(KEYS.account, account ? JSON.stringify(account) : null);
    },
    loadTheme(): ThemeName | null {
      const theme = read(KEYS.theme);
      return theme === 'light' || theme === 'dark' ? theme : null;
    },
    /** null forgets this device's choice: the device's colour-scheme setting decides. */
    saveTheme(theme: ThemeName | null) {
      write(KEYS.theme, theme);
    },
    loadVersion(): string | null {
      return read(KEYS.version);
    },
    saveVersion(version: string) {
      write(KEYS.version, version);
    },
    /** Persisted storage is cleared on logout and failed session checks; the theme survives. */
    clearSession() {
      write(KEYS.account, null);
    },
  };
}

export const persistence = createPersistence();
