/**
 * The browser's offer to install the app (`beforeinstallprompt`, Chromium only). It fires once,
 * early, whatever page is open: it is caught at start (main.tsx) and kept for the Install button.
 */
import { useSyncExternalStore } from 'react';

interface InstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

let offer: InstallPromptEvent | null = null;
const listeners = new Set<() => void>();
const changed = () => listeners.forEach((listener) => listener());

export function catchInstallPrompt(): void {
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    offer = event as InstallPromptEvent;
    changed();
  });
  window.addEventListener('appinstalled', () => {
    offer = null;
    changed();
  });
}

/** Installs the app, or null when the browser offers no installation (already installed, or not Chromium). */
export function useInstall(): (() => Promise<void>) | null {
  const current = useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => offer,
  );
  if (!current) return null;
  return async () => {
    await current.prompt();
    await current.userChoice;
    offer = null;
    changed();
  };
}
