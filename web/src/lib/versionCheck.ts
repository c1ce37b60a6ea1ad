/** Reload delay after a new build is detected (spec 9). */
export const VERSION_RELOAD_DELAY_MS = 1000;

export interface VersionCheckEffects {
  loadVersion: () => string | null;
  saveVersion: (version: string) => void;
  clearCaches: () => Promise<void> | void;
  reload: () => void;
  schedule: (callback: () => void, delayMs: number) => void;
}

/**
 * When the stored version differs from the running build, caches are cleared and the page
 * reloads after 1 s. The new version is stored first so the reloaded page does not loop.
 * A first visit (nothing stored) just records the version.
 */
export async function checkVersion(currentVersion: string, effects: VersionCheckEffects): Promise<'current' | 'reloading'> {
  const stored = effects.loadVersion();
  effects.saveVersion(currentVersion);
  if (stored === null || stored === currentVersion) return 'current';
  await effects.clearCaches();
  effects.schedule(effects.reload, VERSION_RELOAD_DELAY_MS);
  return 'reloading';
}
