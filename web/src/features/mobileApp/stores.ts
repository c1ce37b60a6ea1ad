/** The app tries its deep link first and falls back to the store after this delay (spec 9). */
export const STORE_REDIRECT_DELAY_MS = 500;

export const APP_DEEP_LINK = 'vessellink://open';

export const STORE_LINKS = {
  android: {
    label: 'Get it on Google Play',
    url: 'https://play.google.com/store/apps/details?id=com.vessellink.app',
  },
  ios: {
    label: 'Download on the App Store',
    url: 'https://apps.apple.com/app/vessel-link/id1460000000',
  },
} as const;

export type MobilePlatform = keyof typeof STORE_LINKS;

/** The phone's platform, or null on a desktop browser (which gets both links and no redirect). */
export function mobilePlatform(userAgent: string): MobilePlatform | null {
  if (/android/i.test(userAgent)) return 'android';
  if (/iphone|ipad|ipod/i.test(userAgent) || (/macintosh/i.test(userAgent) && /mobile/i.test(userAgent))) return 'ios';
  return null;
}

export interface Navigation {
  go: (url: string) => void;
  schedule: (callback: () => void, delayMs: number) => () => void;
}

/**
 * Tries the installed app by its deep link and, if the page is still here after
 * STORE_REDIRECT_DELAY_MS, the platform's store. Answers the function that cancels the fallback
 * (the page was left).
 */
export function openInstalledApp(platform: MobilePlatform, navigation: Navigation): () => void {
  navigation.go(APP_DEEP_LINK);
  return navigation.schedule(() => navigation.go(STORE_LINKS[platform].url), STORE_REDIRECT_DELAY_MS);
}
