/**
 * The web app's i18next instance (docs/i18n.md). One namespace per feature folder
 * (`web/src/locales/<language>/<feature>.json`) plus `common`; English, the source and the
 * fallback, is bundled with the app, the other languages are fetched as chunks of their own when
 * a person needs them (docs/decisions.md, "Languages"), all of a language's namespaces at once
 * before the app switches, so a screen never shows half one language and half another.
 */
import i18next, { type BackendModule, type ReadCallback } from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';
import { FORMATTING_LOCALE, SOURCE_LANGUAGE, browserLanguage, profileLanguage, shippedLanguageOf, type ShippedLanguage } from './languages';

export { SHIPPED_LANGUAGES, shippedLanguageOf, type ShippedLanguage } from './languages';

type Catalogue = Record<string, unknown>;

const bundled = import.meta.glob<Catalogue>('../locales/en/*.json', { eager: true, import: 'default' });
const lazy = import.meta.glob<Catalogue>(['../locales/*/*.json', '!../locales/en/*.json'], { import: 'default' });

const namespaceOf = (file: string) => /\/([^/]+)\.json$/.exec(file)![1];

/** Every namespace: the English files name them all (the catalogue check holds the other languages to them). */
export const NAMESPACES = Object.keys(bundled).map(namespaceOf).sort();

const catalogues: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read(language: string, namespace: string, callback: ReadCallback) {
    const file = `../locales/${language}/${namespace}.json`;
    if (bundled[file]) return callback(null, bundled[file]);
    const load = lazy[file];
    if (!load) return callback(null, {});
    load().then(
      (catalogue) => callback(null, catalogue),
      (error: Error) => callback(error, false),
    );
  },
};

export const i18n = i18next.createInstance();

void i18n
  .use(catalogues)
  .use(initReactI18next)
  .init({
    lng: SOURCE_LANGUAGE,
    fallbackLng: SOURCE_LANGUAGE,
    supportedLngs: ['en', 'it', 'fr', 'de'],
    ns: NAMESPACES,
    defaultNS: 'common',
    // English is in the bundle: the first render needs no wait.
    initAsync: false,
    interpolation: { escapeValue: false },
    returnNull: false,
    react: { useSuspense: false },
  });

i18n.on('languageChanged', (language) => {
  if (typeof document !== 'undefined') document.documentElement.lang = language;
});

/** The language the app speaks now. */
export const currentLanguage = (): ShippedLanguage => (i18n.resolvedLanguage ?? SOURCE_LANGUAGE) as ShippedLanguage;

/** The locale dates and numbers are written in (lib/dates.ts and lib/units.ts take it). */
export const currentLocale = (): string => FORMATTING_LOCALE[currentLanguage()];

/** The same in a component, which renders again when the language changes. */
export function useLocale(): string {
  const { i18n: instance } = useTranslation();
  return FORMATTING_LOCALE[shippedLanguageOf(instance.resolvedLanguage) ?? SOURCE_LANGUAGE];
}

/** Switches the app to a shipped language once all of its namespaces are loaded. */
export async function switchLanguage(language: ShippedLanguage): Promise<void> {
  if (i18n.language === language) return;
  await i18n.loadLanguages(language);
  await i18n.changeLanguage(language);
}

const navigatorLanguages = () => (typeof navigator === 'undefined' ? undefined : navigator.languages);

/** Before sign-in (and after sign-out): the browser's language among the shipped ones, else English. */
export const adoptBrowserLanguage = () => switchLanguage(browserLanguage(navigatorLanguages()));

/** Signed in: the profile's language drives the app (languages.ts, `profileLanguage`). */
export const adoptProfileLanguage = (languageCode: string | null | undefined) => switchLanguage(profileLanguage(languageCode, navigatorLanguages()));

/**
 * A table of labels (a tab's, a priority's) read in the current language each time one is read,
 * so that the modules exporting such tables keep their shape and every reader follows the
 * language: `labelsOf(VESSEL_TABS, (tab) => i18n.t(\`vessels:tabs.${tab}\`))`.
 */
export function labelsOf<K extends string>(keys: readonly K[], label: (key: K) => string): Record<K, string> {
  const table = {} as Record<K, string>;
  for (const key of keys) Object.defineProperty(table, key, { enumerable: true, get: () => label(key) });
  return table;
}
