import { useQuery } from '@tanstack/react-query';
import { DelayedSpinner } from '../loading/DelayedSpinner';
import { useFormatters } from '../profile/usePreferences';
import { actionText, auditLogQueries } from './queries';
import './auditLog.css';
import { RetryButton } from '../errors/RetryButton';

/** Who did what on the vessel, newest first: the person, and the company they worked for under a company grant. */
export function AuditLogTab({ vesselId }: { vesselId: number }) {
  const log = useQuery(auditLogQueries.latest(vesselId));
  const format = useFormatters();
  return (
    <div className="audit-log">
      <DelayedSpinner loading={log.isPending} label="Loading the audit log…" />
      {log.isError ? (
        <p className="form-error" role="alert">
          The audit log could not be loaded. <RetryButton error={log.error} onRetry={() => log.refetch()} />
        </p>
      ) : null}
      {log.isSuccess && log.data.length === 0 ? <p className="empty-state">Nothing has been done on this vessel yet.</p> : null}
      {log.isSuccess && log.data.length > 0 ? (
        <>
          <p className="muted">The latest {log.data.length} records, newest first.</p>
          <ul className="list audit-log__list">
            {log.data.map((entry) => (
              <li key={entry.id} className="list__item audit-log__entry">
                <span>
                  <strong>{entry.actorEmail ?? 'The system'}</strong>
                  {entry.details?.company ? <span className="chip audit-log__company">for {entry.details.company.name}</span> : null}
                </span>
                <span className="audit-log__action">
                  <code>{actionText(entry.action)}</code>
                  {entry.outcome >= 400 ? <span className="chip chip--warning">Refused ({entry.outcome})</span> : null}
                </span>
                <span className="muted audit-log__time">{format.dateTime(entry.at)}</span>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </div>
  );
}
