/**
 * Registers the service worker (web/src/sw.ts) in a production build. A new version's worker
 * takes over at once; the page then reloads into the new build, whose version check clears
 * the caches and reloads once more after 1 s (lib/versionCheck.ts).
 */
import { Workbox } from 'workbox-window';

export function registerServiceWorker(onNewVersion: () => void): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const workbox = new Workbox('/sw.js', { scope: '/' });
  workbox.addEventListener('controlling', (event) => {
    if (event.isUpdate) onNewVersion();
  });
  void workbox.register();
}
