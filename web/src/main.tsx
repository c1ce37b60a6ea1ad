// The base styles first, so that each feature's own file, imported by its components, builds on them.
import './styles/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { BUILD_VERSION } from './lib/env';
import { persistence } from './lib/storage';
import { checkVersion } from './lib/versionCheck';
import { queryClient, startServices } from './app/services';
import { forgetOfflineCache, keepOfflineCache, restoreOfflineCache } from './app/offlineCache';
import { registerServiceWorker } from './app/serviceWorker';
import { catchInstallPrompt } from './features/mobileApp/installPrompt';
import { router } from './app/router';
import { theme } from './features/theme/theme';
import { LoadingSplash } from './features/loading/LoadingSplash';
import { adoptBrowserLanguage, i18n } from './i18n';

async function clearCaches() {
  queryClient.clear();
  forgetOfflineCache();
  sessionStorage.clear();
  if ('caches' in window) {
    // The service worker's precache is the new version itself (it removes the old one): keeping
    // it is what lets the updated app open offline.
    const names = (await caches.keys()).filter((name) => !name.startsWith('workbox-precache'));
    await Promise.all(names.map((name) => caches.delete(name)));
  }
}

theme.init();
catchInstallPrompt();
// Before sign-in the browser's language; a signed-in session switches to the profile's (app/services.ts).
const languageReady = adoptBrowserLanguage().catch(() => undefined);
const root = createRoot(document.getElementById('root')!);
root.render(<LoadingSplash />);

void checkVersion(BUILD_VERSION, {
  loadVersion: persistence.loadVersion,
  saveVersion: persistence.saveVersion,
  clearCaches,
  reload: () => window.location.reload(),
  schedule: (callback, delayMs) => window.setTimeout(callback, delayMs),
}).then(async (outcome) => {
  await languageReady;
  const updating = i18n.t('common:splash.updating');
  if (outcome === 'reloading') {
    root.render(<LoadingSplash label={updating} />);
    return;
  }
  restoreOfflineCache(queryClient);
  keepOfflineCache(queryClient);
  registerServiceWorker(() => {
    root.render(<LoadingSplash label={updating} />);
    window.location.reload();
  });
  startServices();
  root.render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </StrictMode>,
  );
});
