import { Link } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { failureMessage } from '../../lib/failureMessage';
import { DelayedSpinner } from '../loading/DelayedSpinner';
import { serviceQueries } from './queries';
import { dueInWords, ServiceProgress, ServiceStatusBadge } from './ServiceDue';
import { ServiceRequestsSection } from './ServiceRequests';
import './service.css';

/** The organisation's service requests, then its services due across its clients' vessels, overdue first, then by due date. */
export function ServicesDuePage() {
  return (
    <>
      <ServiceRequestsSection />
      <ServicesDue />
    </>
  );
}

function ServicesDue() {
  const { t } = useTranslation('service');
  const due = useQuery(serviceQueries.companyDue());
  const entries = due.data ?? [];
  const overdue = entries.filter((e) => e.due.status === 'overdue').length;
  const soon = entries.filter((e) => e.due.status === 'dueSoon').length;
  return (
    <section className="card" aria-labelledby="services-due-title">
      <h2 id="services-due-title">{t('due.title')}</h2>
      {due.isSuccess && entries.length ? (
        <p className="muted">
          {[t('due.overdue', { count: overdue }), t('due.soon', { count: soon }), t('due.scheduled', { count: entries.length })].join(' · ')}
        </p>
      ) : null}
      <DelayedSpinner loading={due.isPending} label={t('due.loading')} />
      {due.isError ? (
        <div role="alert">
          <p className="form-error">{failureMessage(due.error, t('due.loadFailed'))}</p>
          <button type="button" className="button" onClick={() => void due.refetch()}>
            {t('tryAgain')}
          </button>
        </div>
      ) : null}
      {due.isSuccess && entries.length === 0 ? <p className="empty-state">{t('due.empty')}</p> : null}
      <ul className="list service-items">
        {entries.map((entry) => (
          <li key={entry.id} className={`list__item service-item service-item--${entry.due.status}`}>
            <div className="service-item__body">
              <div className="service-item__title">
                <Link to="/dashboard/vessels/$vesselId/service" params={{ vesselId: entry.vesselId }}>
                  {entry.vesselName}
                </Link>{' '}
                · <strong>{entry.name}</strong> <ServiceStatusBadge status={entry.due.status} />
              </div>
              <p className="service-item__due">{dueInWords(entry)}</p>
              <ServiceProgress due={entry.due} label={t('due.vesselItem', { vessel: entry.vesselName, item: entry.name })} />
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
