import { Link } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DelayedSpinner } from '../loading/DelayedSpinner';
import { useFormatters } from '../profile/usePreferences';
import { vesselQueries } from '../vessels/queries';
import { AlertHistory } from './AlertHistory';
import { PriorityBadge } from './PriorityBadge';
import { alertQueries } from './queries';
import { alarmText, priorityOf, statusText } from './types';
import './alerts.css';

/** The fleet-wide alerts page: what is active on every vessel the user may see, then the history with filters. */
export function FleetAlertsPage() {
  const format = useFormatters();
  const { t } = useTranslation('alerts');
  const vessels = useQuery(vesselQueries.list());
  const active = useQuery(alertQueries.active());
  const named = (vessels.data ?? []).map((vessel) => ({ id: vessel.id, name: vessel.name }));
  const nameOf = (vesselId: number | undefined) => named.find((vessel) => vessel.id === vesselId)?.name ?? t('fleet.aVessel');
  const list = active.data ?? [];

  return (
    <div className="page alerts">
      <header className="page__header">
        <div>
          <h1>{t('fleet.title')}</h1>
          <p className="muted">{t('fleet.intro')}</p>
        </div>
      </header>
      <section aria-labelledby="fleet-active-title">
        <h2 id="fleet-active-title">{t('active.count', { count: list.length })}</h2>
        <DelayedSpinner loading={active.isPending} label={t('fleet.loading')} />
        {active.isError ? (
          <p className="form-error" role="alert">
            {t('fleet.loadFailed')}{' '}
            <button type="button" className="link-button" onClick={() => void active.refetch()}>
              {t('fleet.tryAgain')}
            </button>
          </p>
        ) : null}
        {active.isSuccess && list.length === 0 ? <p className="empty-state">{t('fleet.none')}</p> : null}
        <ul className="alert-list" aria-label={t('fleet.list')}>
          {list.map((alert) => {
            const priority = priorityOf(alert);
            return (
              <li key={alert.id} className={`alert-item alert-item--priority-${priority}`}>
                <PriorityBadge priority={priority} />
                <div className="alert-item__body">
                  <p className="alert-item__message">{alarmText(alert)}</p>
                  <p className="alert-item__status">{statusText(alert, format.time)}</p>
                  <p className="muted">
                    {alert.vesselId !== undefined ? (
                      <Link to="/dashboard/vessels/$vesselId/alerts" params={{ vesselId: alert.vesselId }}>
                        {nameOf(alert.vesselId)}
                      </Link>
                    ) : null}{' '}
                    · {t('fleet.raised', { time: format.dateTime(alert.raisedAt) })}
                  </p>
                </div>
              </li>
            );
          })}
        </ul>
      </section>
      <AlertHistory vessels={named} />
    </div>
  );
}
