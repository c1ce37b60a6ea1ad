import { i18n } from '../../i18n';

/**
 * The terms tabs and how a URL names them. The legal texts themselves live in documents.ts: the
 * routes import this file, and whatever they import is downloaded before any page can show. The
 * page's own words (heading, banner, tab labels) are the terms namespace's; the legal texts stay
 * the legal seed's.
 */
export const TERMS_TAB_CODES = ['EULA', 'PRIVACY-POLICY', 'DPA'] as const;
export type TermsTabCode = (typeof TERMS_TAB_CODES)[number];

export const DEFAULT_TERMS_TAB: TermsTabCode = 'EULA';

export interface TermsTab {
  code: TermsTabCode;
  /** In the current language, each time it is read. */
  label: string;
}

export const TERMS_TABS: readonly TermsTab[] = TERMS_TAB_CODES.map((code) => ({
  code,
  get label() {
    return i18n.t(`terms:tabs.${code}`);
  },
}));

export interface TermsTabMatch {
  tab: TermsTabCode;
  /** True when a code was given but names no tab; the page then shows EULA with a notice. */
  unknownCode: boolean;
}

/** The tab code from the URL is upper-cased before matching (spec 5); no code means EULA. */
export function matchTermsTab(code: string | undefined | null): TermsTabMatch {
  const candidate = (code ?? '').trim().toUpperCase();
  if (!candidate) return { tab: DEFAULT_TERMS_TAB, unknownCode: false };
  const tab = TERMS_TAB_CODES.find((known) => known === candidate);
  return tab ? { tab, unknownCode: false } : { tab: DEFAULT_TERMS_TAB, unknownCode: true };
}
