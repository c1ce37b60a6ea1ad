/**
 * Which language the web app speaks (docs/i18n.md): the languages it has catalogues for, and the
 * choice among them. Pure functions, so the unit tests hold the rules without a browser.
 */

/** The languages the product ships catalogues for; English is the source and the fallback. */
export const SHIPPED_LANGUAGES = ['en', 'it', 'fr', 'de'] as const;
export type ShippedLanguage = (typeof SHIPPED_LANGUAGES)[number];
export const SOURCE_LANGUAGE: ShippedLanguage = 'en';

/** The BCP 47 locale each shipped language formats dates and numbers with (English writes DD/MM/YYYY, spec 3). */
export const FORMATTING_LOCALE: Record<ShippedLanguage, string> = { en: 'en-GB', it: 'it-IT', fr: 'fr-FR', de: 'de-DE' };

/** The shipped language a language code (`it`, `it-CH`, `IT`) stands for, or null when there is no catalogue for it. */
export function shippedLanguageOf(code: string | null | undefined): ShippedLanguage | null {
  if (!code) return null;
  const primary = code.trim().toLowerCase().split(/[-_]/)[0];
  return (SHIPPED_LANGUAGES as readonly string[]).includes(primary) ? (primary as ShippedLanguage) : null;
}

/** Before sign-in: the first of the browser's languages (`navigator.languages`) the product ships, else English. */
export function browserLanguage(languages: readonly string[] | undefined): ShippedLanguage {
  for (const code of languages ?? []) {
    const shipped = shippedLanguageOf(code);
    if (shipped) return shipped;
  }
  return SOURCE_LANGUAGE;
}

/**
 * Signed in: the profile's language when the product ships it; a language the admin lists but
 * the product has no catalogue for falls back to English (the profile screen says so); no
 * language chosen yet keeps the browser's.
 */
export function profileLanguage(languageCode: string | null | undefined, browser: readonly string[] | undefined): ShippedLanguage {
  if (!languageCode) return browserLanguage(browser);
  return shippedLanguageOf(languageCode) ?? SOURCE_LANGUAGE;
}
