import { useInfiniteQuery } from '@tanstack/react-query';
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
  const log = useInfiniteQuery(auditLogQueries.pages(vesselId));
  const format = useFormatters();
  const entries = log.data?.pages.flatMap((page) => page.content) ?? [];
  const total = log.data?.pages[0]?.totalElements ?? 0;
  return (
    <div className="audit-log">
      <DelayedSpinner loading={log.isPending} label="Loading the audit log…" />
      {log.isError && !log.isFetchNextPageError ? (
        <p className="form-error" role="alert">
          The audit log could not be loaded. <RetryButton error={log.error} onRetry={() => log.refetch()} />
        </p>
      ) : null}
      {log.isSuccess && entries.length === 0 ? <p className="empty-state">Nothing has been done on this vessel yet.</p> : null}
      {entries.length > 0 ? (
        <>
          <p className="muted">
            {entries.length} of {total} records, newest first.
          </p>
          <ul className="list audit-log__list">
            {entries.map((entry) => (
              <li key={entry.id} className="list__item audit-log__entry">
                <span>
                  <strong>{entry.actorEmail ?? 'The system'}</strong>
                  {entry.details?.company ? <span className="chip audit-log__company">for {entry.details.company.name}</span> : null}
                </span>
                <span className="audit-log__action">
                  <code>{actionText(entry.action)}</code>
                  {entry.details?.from && entry.details.to ? (
                    <span className="muted">
                      {' '}
                      from {entry.details.from.email ?? 'a deleted account'} to {entry.details.to.email}
                    </span>
                  ) : null}
                  {entry.outcome >= 400 ? <span className="chip chip--warning">Refused ({entry.outcome})</span> : null}
                </span>
                <span className="muted audit-log__time">{format.dateTime(entry.at)}</span>
              </li>
            ))}
          </ul>
          {log.isFetchNextPageError ? (
            <p className="form-error" role="alert">
              The older records could not be loaded. <RetryButton error={log.error} onRetry={() => log.fetchNextPage()} />
            </p>
          ) : log.hasNextPage ? (
            <button type="button" className="button" disabled={log.isFetchingNextPage} onClick={() => void log.fetchNextPage()}>
              {log.isFetchingNextPage ? 'Loading older records…' : 'Show older records'}
            </button>
          ) : null}
        </>
      ) : null}
    </div>
  );
}
