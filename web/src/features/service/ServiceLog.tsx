import { useQuery } from '@tanstack/react-query';
import { failureMessage } from '../../lib/failureMessage';
import { documentPath } from '../documents/queries';
import { Linked } from '../links/Linked';
import { DelayedSpinner } from '../loading/DelayedSpinner';
import { serviceQueries } from './queries';
import { formatDay } from './ServiceDue';
import { RetryButton } from '../errors/RetryButton';

/** Services done on the vessel, newest first, with notes and links to their documents. */
export function ServiceLog({ vesselId, canReadDocuments }: { vesselId: number; canReadDocuments: boolean }) {
  const log = useQuery(serviceQueries.log(vesselId));
  return (
    <section className="card" aria-labelledby="service-log-title">
      <h2 id="service-log-title">Service log</h2>
      <DelayedSpinner loading={log.isPending} label="Loading the service log…" />
      {log.isError ? (
        <p className="form-error" role="alert">
          {failureMessage(log.error, 'The service log could not be loaded.')} <RetryButton error={log.error} onRetry={() => log.refetch()} />
        </p>
      ) : null}
      {log.isSuccess && log.data.length === 0 ? <p className="empty-state">No service logged yet.</p> : null}
      <ul className="list service-log">
        {(log.data ?? []).map((entry) => (
          <li key={entry.id} className="list__item service-log__entry">
            <div>
              <strong>{entry.itemName}</strong>
              <p className="muted service-log__meta">
                {[formatDay(entry.doneOn), entry.runHours !== null ? `${entry.runHours.toLocaleString()} h` : null, entry.doneBy || null]
                  .filter(Boolean)
                  .join(' · ')}
              </p>
              {entry.notes ? <p className="service-log__notes">{entry.notes}</p> : null}
              {entry.documents.length ? (
                <ul className="service-log__documents" aria-label={`Documents of ${entry.itemName} on ${formatDay(entry.doneOn)}`}>
                  {entry.documents.map((d) => (
                    <li key={d.id}>
                      <Linked path={canReadDocuments ? documentPath(vesselId, d) : null}>
                        {(link) =>
                          link ? (
                            <a href={link} target="_blank" rel="noopener">
                              {d.name}
                            </a>
                          ) : (
                            d.name
                          )
                        }
                      </Linked>
                    </li>
                  ))}
                </ul>
              ) : null}
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
