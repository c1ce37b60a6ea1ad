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
import enAuth from '../locales/en/auth.json' with { type: 'json' };
import itAuth from '../locales/it/auth.json' with { type: 'json' };
import frAuth from '../locales/fr/auth.json' with { type: 'json' };
import deAuth from '../locales/de/auth.json' with { type: 'json' };
import enOrg from '../locales/en/org.json' with { type: 'json' };
import itOrg from '../locales/it/org.json' with { type: 'json' };
import frOrg from '../locales/fr/org.json' with { type: 'json' };
import deOrg from '../locales/de/org.json' with { type: 'json' };
import enVessel from '../locales/en/vessel.json' with { type: 'json' };
import itVessel from '../locales/it/vessel.json' with { type: 'json' };
import frVessel from '../locales/fr/vessel.json' with { type: 'json' };
import deVessel from '../locales/de/vessel.json' with { type: 'json' };
import enMessaging from '../locales/en/messaging.json' with { type: 'json' };
import itMessaging from '../locales/it/messaging.json' with { type: 'json' };
import frMessaging from '../locales/fr/messaging.json' with { type: 'json' };
import deMessaging from '../locales/de/messaging.json' with { type: 'json' };
import enBilling from '../locales/en/billing.json' with { type: 'json' };
import itBilling from '../locales/it/billing.json' with { type: 'json' };
import frBilling from '../locales/fr/billing.json' with { type: 'json' };
import deBilling from '../locales/de/billing.json' with { type: 'json' };
import enRoutines from '../locales/en/routines.json' with { type: 'json' };
import itRoutines from '../locales/it/routines.json' with { type: 'json' };
import frRoutines from '../locales/fr/routines.json' with { type: 'json' };
import deRoutines from '../locales/de/routines.json' with { type: 'json' };
import enService from '../locales/en/service.json' with { type: 'json' };
import itService from '../locales/it/service.json' with { type: 'json' };
import frService from '../locales/fr/service.json' with { type: 'json' };
import deService from '../locales/de/service.json' with { type: 'json' };
import enReports from '../locales/en/reports.json' with { type: 'json' };
import itReports from '../locales/it/reports.json' with { type: 'json' };
import frReports from '../locales/fr/reports.json' with { type: 'json' };
import deReports from '../locales/de/reports.json' with { type: 'json' };
import enTransfer from '../locales/en/transfer.json' with { type: 'json' };
import itTransfer from '../locales/it/transfer.json' with { type: 'json' };
import frTransfer from '../locales/fr/transfer.json' with { type: 'json' };
import deTransfer from '../locales/de/transfer.json' with { type: 'json' };
import enAdmin from '../locales/en/admin.json' with { type: 'json' };
import itAdmin from '../locales/it/admin.json' with { type: 'json' };
import frAdmin from '../locales/fr/admin.json' with { type: 'json' };
import deAdmin from '../locales/de/admin.json' with { type: 'json' };

/** The languages the server's e-mails and push texts ship in; the web app ships the same (web/src/i18n/languages.ts). */
export const MAIL_LANGUAGES = ['en', 'it', 'fr', 'de'] as const;
export type MailLanguage = (typeof MAIL_LANGUAGES)[number];

const LOCALES: Record<MailLanguage, string> = { en: 'en-GB', it: 'it-IT', fr: 'fr-FR', de: 'de-DE' };

/** The locale a language writes its numbers and dates in (`it-IT`). */
export const localeOf = (language: MailLanguage): string => LOCALES[language];

/** The server's namespaces: `alarms` (the alarm notices) and one per module that sends e-mail. */
export const NAMESPACES = ['alarms', 'auth', 'org', 'vessel', 'messaging', 'billing', 'routines', 'service', 'reports', 'transfer', 'admin'] as const;
export type Namespace = (typeof NAMESPACES)[number];

const instance = i18next.createInstance();
void instance.init({
  resources: {
    en: {
      alarms: enAlarms,
      auth: enAuth,
      org: enOrg,
      vessel: enVessel,
      messaging: enMessaging,
      billing: enBilling,
      routines: enRoutines,
      service: enService,
      reports: enReports,
      transfer: enTransfer,
      admin: enAdmin,
    },
    it: {
      alarms: itAlarms,
      auth: itAuth,
      org: itOrg,
      vessel: itVessel,
      messaging: itMessaging,
      billing: itBilling,
      routines: itRoutines,
      service: itService,
      reports: itReports,
      transfer: itTransfer,
      admin: itAdmin,
    },
    fr: {
      alarms: frAlarms,
      auth: frAuth,
      org: frOrg,
      vessel: frVessel,
      messaging: frMessaging,
      billing: frBilling,
      routines: frRoutines,
      service: frService,
      reports: frReports,
      transfer: frTransfer,
      admin: frAdmin,
    },
    de: {
      alarms: deAlarms,
      auth: deAuth,
      org: deOrg,
      vessel: deVessel,
      messaging: deMessaging,
      billing: deBilling,
      routines: deRoutines,
      service: deService,
      reports: deReports,
      transfer: deTransfer,
      admin: deAdmin,
    },
  },
  lng: 'en',
  fallbackLng: 'en',
  ns: [...NAMESPACES],
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

/** The translation function of a language, in a namespace (the alarm notices' unless named). */
export const translator = (language: MailLanguage, namespace: Namespace = 'alarms'): TFunction => instance.getFixedT(language, namespace);

/** A day as the recipient reads it: their language's date format, in their zone ("15/05/2026", "15.05.2026"). */
export function formatDay(iso: string, language: MailLanguage, timeZone: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const zone = !timeZone || timeZone === 'Universal' || timeZone === 'Etc/Universal' ? 'UTC' : timeZone;
  try {
    return new Intl.DateTimeFormat(LOCALES[language], { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: zone }).format(date);
  } catch {
    return iso.slice(0, 10);
  }
}

/** A month (`2026-11`) as the language names it: "November 2026", "novembre 2026". */
export function formatMonth(month: string, language: MailLanguage): string {
  return new Date(`${month}-15T00:00:00Z`).toLocaleString(LOCALES[language], { month: 'long', year: 'numeric', timeZone: 'UTC' });
}

/** Who reads a message: the language it is written in and the time zone its times are given in. */
export interface Reader {
  language: MailLanguage;
  timeZone: string;
}

/** Someone the server knows nothing about: English, UTC. */
export const ENGLISH_READER: Reader = { language: 'en', timeZone: 'UTC' };

/** A user as a reader: their profile's language (English when not shipped) and their preferences' time zone. */
export function readerOf(user: { languageCode: string | null; preferences?: { timeZone?: string } | null } | null | undefined): Reader {
  if (!user) return ENGLISH_READER;
  return { language: mailLanguageOf(user.languageCode), timeZone: user.preferences?.timeZone || 'UTC' };
}

/** An e-mail written for whoever reads it: the sender decides the words, the recipient's side the reader. */
export type Letter = (reader: Reader) => { subject: string; text: string };

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
