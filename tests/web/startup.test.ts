import { describe, expect, it, vi } from 'vitest';
import { checkVersion, VERSION_RELOAD_DELAY_MS } from '../../web/src/lib/versionCheck';
import { createPersistence } from '../../web/src/lib/storage';
import { BUILD_VERSION } from '../../web/src/lib/env';
import { APP_DEEP_LINK, mobilePlatform, openInstalledApp, STORE_LINKS, STORE_REDIRECT_DELAY_MS } from '../../web/src/features/mobileApp/stores';
import { SteppingClock } from './clock';
import { newPasswordError } from '../../web/src/features/forms/passwords';

function memoryStorage() {
  const values = new Map<string, string>();
  return {
    values,
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
    removeItem: (key: string) => void values.delete(key),
  };
}

function versionEffects(stored: string | null) {
  let saved = stored;
  const scheduled: Array<{ callback: () => void; delayMs: number }> = [];
  return {
    scheduled,
    saved: () => saved,
    effects: {
      loadVersion: () => saved,
      saveVersion: (version: string) => {
        saved = version;
      },
      clearCaches: vi.fn(),
      reload: vi.fn(),
      schedule: (callback: () => void, delayMs: number) => void scheduled.push({ callback, delayMs }),
    },
  };
}

describe('version check', () => {
  it('runs as 2.0.0 plus the build id', () => {
    expect(BUILD_VERSION).toMatch(/^2\.0\.0\+/);
  });

  it('clears caches and reloads after 1 s when a new build is deployed', async () => {
    const { effects, scheduled, saved } = versionEffects('2.0.0+old');
    await expect(checkVersion('2.0.0+new', effects)).resolves.toBe('reloading');
    expect(effects.clearCaches).toHaveBeenCalledTimes(1);
    expect(scheduled).toHaveLength(1);
    expect(scheduled[0].delayMs).toBe(VERSION_RELOAD_DELAY_MS);
    expect(VERSION_RELOAD_DELAY_MS).toBe(1000);
    expect(effects.reload).not.toHaveBeenCalled();
    scheduled[0].callback();
    expect(effects.reload).toHaveBeenCalledTimes(1);
    expect(saved()).toBe('2.0.0+new');
  });

  it('does nothing for the same build, and only records the version on a first visit', async () => {
    for (const stored of ['2.0.0+same', null]) {
      const { effects, scheduled, saved } = versionEffects(stored);
      await expect(checkVersion('2.0.0+same', effects)).resolves.toBe('current');
      expect(effects.clearCaches).not.toHaveBeenCalled();
      expect(scheduled).toHaveLength(0);
      expect(saved()).toBe('2.0.0+same');
    }
  });
});

describe('persisted state', () => {
  it('keeps the session token and the theme, and forgets the token on sign-out', () => {
    const storage = memoryStorage();
    const persistence = createPersistence(storage);
    persistence.saveAccount({ token: 'abc', showInvitationModal: false, invitationModalDisabled: false });
    persistence.saveTheme('dark');
    expect(createPersistence(storage).loadAccount()).toEqual({ token: 'abc', showInvitationModal: false, invitationModalDisabled: false });
    persistence.clearSession();
    expect(persistence.loadAccount()).toBeNull();
    expect(persistence.loadTheme()).toBe('dark');
    expect([...storage.values.keys()].sort()).toEqual(['vessel-link.theme']);
  });

  it('reads an account stored with only a token as showing the invitation modal', () => {
    const storage = memoryStorage();
    storage.setItem('vessel-link.account', '{"token":"abc"}');
    expect(createPersistence(storage).loadAccount()).toEqual({ token: 'abc', showInvitationModal: true, invitationModalDisabled: false });
  });

  it('ignores damaged stored values', () => {
    const storage = memoryStorage();
    storage.setItem('vessel-link.account', '{not json');
    storage.setItem('vessel-link.theme', 'purple');
    const persistence = createPersistence(storage);
    expect(persistence.loadAccount()).toBeNull();
    expect(persistence.loadTheme()).toBeNull();
  });

  it('works without local storage at all', () => {
    const persistence = createPersistence(null);
    persistence.saveAccount({ token: 'abc', showInvitationModal: true, invitationModalDisabled: false });
    expect(persistence.loadAccount()).toBeNull();
  });
});

/** Where the page went, on a clock the test moves. */
function fakeNavigation() {
  const clock = new SteppingClock();
  const visited: string[] = [];
  const navigation = {
    go: (url: string) => void visited.push(url),
    schedule: (callback: () => void, delayMs: number) => {
      const id = clock.setTimeout(callback, delayMs);
      return () => clock.clearTimeout(id);
    },
  };
  return { clock, visited, navigation };
}

describe('mobile app page', () => {
  it('sends phones to their own store after 500 ms', () => {
    expect(STORE_REDIRECT_DELAY_MS).toBe(500);
    expect(mobilePlatform('Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/131 Mobile Safari/537.36')).toBe('android');
    expect(mobilePlatform('Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148')).toBe('ios');
    expect(mobilePlatform('Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/131 Safari/537.36')).toBeNull();
  });

  it('tries the installed app first and opens the store 500 ms later', () => {
    const { clock, visited, navigation } = fakeNavigation();
    openInstalledApp('ios', navigation);
    expect(visited).toEqual([APP_DEEP_LINK]);
    clock.advance(499);
    expect(visited).toEqual([APP_DEEP_LINK]);
    clock.advance(1);
    expect(visited).toEqual([APP_DEEP_LINK, STORE_LINKS.ios.url]);
  });

  it('stays on the page when the app opened and the page was left before the delay', () => {
    const { clock, visited, navigation } = fakeNavigation();
    const cancel = openInstalledApp('android', navigation);
    clock.advance(200);
    cancel();
    clock.advance(1000);
    expect(visited).toEqual([APP_DEEP_LINK]);
  });
});

describe('new passwords', () => {
  it('asks for the twelve characters the server enforces and a matching confirmation', () => {
    expect(newPasswordError('eleven char', 'eleven char')).toBe('Use at least 12 characters.');
    expect(newPasswordError('twelve chars', 'twelve charz')).toBe('The passwords do not match.');
    expect(newPasswordError('twelve chars', 'twelve chars')).toBeNull();
  });
});
