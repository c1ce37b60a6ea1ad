import { useInfiniteQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { RetryButton } from '../errors/RetryButton';
import { DelayedSpinner } from '../loading/DelayedSpinner';
import { useFormatters } from '../profile/usePreferences';
import { actionText, auditLogQueries } from './queries';
import './auditLog.css';

/**
 * Who did what on the vessel, newest first: the person, and the company they worked for under a
 * company grant. A page at a time: "Show older records" reads the next (POST logs/all/page).
 */
export function AuditLogTab({ vesselId }: { vesselId: number }) {
  const { t } = useTranslation('auditLog');
  const log = useInfiniteQuery(auditLogQueries.pages(vesselId));
  const format = useFormatters();
  const entries = log.data?.pages.flatMap((page) => page.content) ?? [];
  const total = log.data?.pages[0]?.totalElements ?? 0;
  return (
    <div className="audit-log">
      <DelayedSpinner loading={log.isPending} label={t('loading')} />
      {log.isError && !log.isFetchNextPageError ? (
        <p className="form-error" role="alert">
          {t('loadFailed')} <RetryButton error={log.error} onRetry={() => log.refetch()} />
        </p>
      ) : null}
      {log.isSuccess && entries.length === 0 ? <p className="empty-state">{t('empty')}</p> : null}
      {entries.length > 0 ? (
        <>
          <p className="muted">{t('records', { shown: entries.length, count: total })}</p>
          <ul className="list audit-log__list">
            {entries.map((entry) => (
              <li key={entry.id} className="list__item audit-log__entry">
                <span>
                  <strong>{entry.actorEmail ?? t('system')}</strong>
                  {entry.details?.company ? <span className="chip audit-log__company">{t('forCompany', { company: entry.details.company.name })}</span> : null}
                </span>
                <span className="audit-log__action">
                  <code>{actionText(entry.action)}</code>
                  {entry.details?.from && entry.details.to ? (
                    <span className="muted"> {t('fromTo', { from: entry.details.from.email ?? t('deletedAccount'), to: entry.details.to.email })}</span>
                  ) : null}
                  {entry.outcome >= 400 ? <span className="chip chip--warning">{t('refused', { status: entry.outcome })}</span> : null}
                </span>
                <span className="muted audit-log__time">{format.dateTime(entry.at)}</span>
              </li>
            ))}
          </ul>
          {log.isFetchNextPageError ? (
            <p className="form-error" role="alert">
              {t('olderFailed')} <RetryButton error={log.error} onRetry={() => log.fetchNextPage()} />
            </p>
          ) : log.hasNextPage ? (
            <button type="button" className="button" disabled={log.isFetchingNextPage} onClick={() => void log.fetchNextPage()}>
              {log.isFetchingNextPage ? t('loadingOlder') : t('showOlder')}
            </button>
          ) : null}
        </>
      ) : null}
    </div>
  );
}
