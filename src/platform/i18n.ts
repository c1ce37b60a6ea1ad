/**
 * The server's words in the recipient's language (docs/i18n.md): the e-mails and push
 * notifications it sends are rendered from catalogues the server owns,
 * `src/locales/<language>/<namespace>.json` (bundled into the server: no file is read at run
 * time), with i18next's plurals and interpolation; dates through Intl in the language's locale
 * and the recipient's time zone. A profile language without a catalogue reads English.
 */
import i18next, { type TFunction } from 'i18next';
import enAlarms from '../locales/en/alarms.json' with { type: 'json' };
import itAlarms from '../locales/it/alarms.json' with { type: 'json' };
import frAlarms from '../locales/fr/alarms.json' with { type: 'json' };
import deAlarms from '../locales/de/alarms.json' with { type: 'json' };

/** The languages the server's e-mails and push texts ship in; the web app ships the same (web/src/i18n/languages.ts). */
export const MAIL_LANGUAGES = ['en', 'it', 'fr', 'de'] as const;
export type MailLanguage = (typeof MAIL_LANGUAGES)[number];

const LOCALES: Record<MailLanguage, string> = { en: 'en-GB', it: 'it-IT', fr: 'fr-FR', de: 'de-DE' };

const instance = i18next.createInstance();
void instance.init({
  resources: {
    en: { alarms: enAlarms },
    it: { alarms: itAlarms },
    fr: { alarms: frAlarms },
    de: { alarms: deAlarms },
  },
  lng: 'en',
  fallbackLng: 'en',
  ns: ['alarms'],
  defaultNS: 'alarms',
  initAsync: false,
  interpolation: { escapeValue: false },
  returnNull: false,
});

/** The language a profile's language code (`it`, `it-CH`, null) is written to in: a shipped one, else English. */
export function mailLanguageOf(code: string | null | undefined): MailLanguage {
  const primary = (code ?? '').trim().toLowerCase().split(/[-_]/)[0];
  return (MAIL_LANGUAGES as readonly string[]).includes(primary) ? (primary as MailLanguage) : 'en';
}

/** The translation function of a language. */
export const translator = (language: MailLanguage): TFunction => instance.getFixedT(language);

/** An instant as the recipient reads it: their language's date format, their zone, its short name ("15/05/2026, 16:30 CEST"). */
export function formatInstant(iso: string, language: MailLanguage, timeZone: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const zone = !timeZone || timeZone === 'Universal' || timeZone === 'Etc/Universal' ? 'UTC' : timeZone;
  try {
    return new Intl.DateTimeFormat(LOCALES[language], {
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      timeZone: zone,
      timeZoneName: 'short',
    }).format(date);
  } catch {
    return date.toISOString();
  }
}
