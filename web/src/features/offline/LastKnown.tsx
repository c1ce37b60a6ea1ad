import { useEffect, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { useLocale } from '../../i18n';
import { formatRelative } from '../../lib/dates';
import { useOnline } from './useOnline';
import './offline.css';

const AGE_REFRESH_MS = 30_000;

/**
 * Whether what a query shows is known to be out of date: its latest fetch failed, or it is
 * retrying one that did. Newer data since (a live value written into the cache) clears it, even
 * though such a write leaves the query's failure count as it was.
 */
export function lastFetchFailed(query: { isRefetchError: boolean; failureCount: number; fetchStatus: string }): boolean {
  return query.isRefetchError || (query.failureCount > 0 && query.fetchStatus === 'fetching');
}

/**
 * Marks what a screen shows as the last known values while the phone is offline or the server
 * cannot be reached (`failing`: the query's latest fetch failed), with their age ("Offline: last
 * known, 12 minutes ago"); nothing otherwise.
 */
export function LastKnown({ updatedAt, failing }: { updatedAt: number; failing: boolean }) {
  const { t } = useTranslation('offline');
  const locale = useLocale();
  const online = useOnline() && !failing;
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    if (online) return;
    setNow(new Date());
    const timer = window.setInterval(() => setNow(new Date()), AGE_REFRESH_MS);
    return () => window.clearInterval(timer);
  }, [online]);
  if (online || !updatedAt) return null;
  return (
    <p className="last-known" role="status">
      <Trans t={t} i18nKey="lastKnown" values={{ ago: formatRelative(updatedAt, now, locale) }} components={{ strong: <strong /> }} shouldUnescape />
    </p>
  );
}
