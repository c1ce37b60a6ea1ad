import { currentLocale, i18n } from '../i18n';

const figure = (value: number, fractionDigits: number) =>
  value.toLocaleString(currentLocale(), { minimumFractionDigits: fractionDigits, maximumFractionDigits: fractionDigits, useGrouping: false });

/** A size as people read it, in the current language: 812 B, 14.2 kB, 3.1 MB (French: 14,2 ko). */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return i18n.t('common:bytes.b', { value: figure(bytes, 0) });
  if (bytes < 1024 * 1024) return i18n.t('common:bytes.kb', { value: figure(bytes / 1024, 1) });
  return i18n.t('common:bytes.mb', { value: figure(bytes / 1024 / 1024, 1) });
}

/** Megabytes to at most one decimal, without trailing zeros: 5 MB, 2.5 MB (an upload limit, a file's size). */
export function formatMegabytes(bytes: number): string {
  const value = (Math.round((bytes / 1024 / 1024) * 10) / 10).toLocaleString(currentLocale(), { maximumFractionDigits: 1, useGrouping: false });
  return i18n.t('common:bytes.mb', { value });
}
