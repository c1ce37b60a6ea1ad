import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { failureMessage } from '../../lib/failureMessage';
import { documentPath } from '../documents/queries';
import { Linked } from '../links/Linked';
import { DelayedSpinner } from '../loading/DelayedSpinner';
import { serviceQueries } from './queries';
import { formatDay, hours } from './ServiceDue';
import { RetryButton } from '../errors/RetryButton';

/** Services done on the vessel, newest first, with notes and links to their documents. */
export function ServiceLog({ vesselId, canReadDocuments }: { vesselId: number; canReadDocuments: boolean }) {
  const { t } = useTranslation('service');
  const log = useQuery(serviceQueries.log(vesselId));
  return (
    <section className="card" aria-labelledby="service-log-title">
      <h2 id="service-log-title">{t('log.title')}</h2>
      <DelayedSpinner loading={log.isPending} label={t('log.loading')} />
      {log.isError ? (
        <p className="form-error" role="alert">
          {failureMessage(log.error, t('log.loadFailed'))} <RetryButton error={log.error} onRetry={() => log.refetch()} />
        </p>
      ) : null}
      {log.isSuccess && log.data.length === 0 ? <p className="empty-state">{t('log.empty')}</p> : null}
      <ul className="list service-log">
        {(log.data ?? []).map((entry) => (
          <li key={entry.id} className="list__item service-log__entry">
            <div>
              <strong>{entry.itemName}</strong>
              <p className="muted service-log__meta">
                {[formatDay(entry.doneOn), entry.runHours !== null ? hours(entry.runHours) : null, entry.doneBy || null].filter(Boolean).join(' · ')}
              </p>
              {entry.notes ? <p className="service-log__notes">{entry.notes}</p> : null}
              {entry.documents.length ? (
                <ul className="service-log__documents" aria-label={t('log.documents', { item: entry.itemName, date: formatDay(entry.doneOn) })}>
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
