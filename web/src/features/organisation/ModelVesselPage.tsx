import { Link } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../lib/api';
import { failureMessage } from '../../lib/failureMessage';
import { PriorityBadge } from '../alerts/PriorityBadge';
import { alarmText, PRIORITY_LABELS } from '../alerts/types';
import { DelayedSpinner } from '../loading/DelayedSpinner';
import { ModelPicture } from '../models/ModelPicture';
import { useFormatters } from '../profile/usePreferences';
import { OnlineState } from '../vessels/OnlineState';
import { organisationQueries } from './queries';
import { ALARM_PRIORITIES } from './types';
import './organisation.css';

function Back() {
  const { t } = useTranslation('organisation');
  return (
    <p>
      <Link to="/dashboard">{t('modelVessel.back')}</Link>
    </p>
  );
}

/**
 * A consenting vessel as its manufacturer sees it (docs/decisions.md, "What a manufacturer sees of
 * a consenting vessel"): read-only, no more than the owner shared — its model, whether it is
 * online, and its alarms of the last 30 days.
 */
export function ModelVesselPage({ modelId, vesselId }: { modelId: number; vesselId: number }) {
  const vessel = useQuery({ ...organisationQueries.modelVessel(modelId, vesselId), refetchInterval: 30_000 });
  const format = useFormatters();
  const { t } = useTranslation('organisation');
  if (vessel.isPending)
    return (
      <div className="page">
        <DelayedSpinner loading label={t('modelVessel.loading')} />
      </div>
    );
  if (vessel.isError) {
    const gone = isApiError(vessel.error) && vessel.error.status === 404;
    return (
      <div className="page">
        <Back />
        <div className="card" role="alert">
          <h1>{t('modelVessel.unavailable')}</h1>
          <p className={gone ? undefined : 'form-error'}>{gone ? t('modelVessel.notShared') : failureMessage(vessel.error, t('modelVessel.failed'))}</p>
          {gone ? null : (
            <button type="button" className="button" onClick={() => void vessel.refetch()}>
              {t('common.tryAgain')}
            </button>
          )}
        </div>
      </div>
    );
  }
  const v = vessel.data;
  const total = ALARM_PRIORITIES.reduce((sum, p) => sum + v.alarms[p], 0);
  return (
    <div className="page">
      <Back />
      <header className="page__header">
        <div>
          <h1>{v.name}</h1>
          <p className="muted">{t('modelVessel.shared', { model: v.model.name })}</p>
        </div>
      </header>
      <section className="card org-model-vessel-head" aria-labelledby="model-vessel-state">
        <ModelPicture url={v.model.imageUrl} size="large" alt={t('modelVessel.picture', { model: v.model.name })} />
        <div>
          <h2 id="model-vessel-state">{t('modelVessel.state')}</h2>
          <dl className="key-figures">
            <div>
              <dt>{t('modelVessel.model')}</dt>
              <dd>
                {v.model.name}
                {v.model.lengthM ? ` · ${t('modelVessel.length', { length: format.number(v.model.lengthM, 2) })}` : ''}
              </dd>
            </div>
            <div>
              <dt>{t('modelVessel.bridge')}</dt>
              <dd>
                <OnlineState online={v.online} lastSeen={v.lastSeen} />
              </dd>
            </div>
            <div>
              <dt>{t('modelVessel.alarms30')}</dt>
              <dd>{total}</dd>
            </div>
          </dl>
          <p className="muted">{t('modelVessel.privacy')}</p>
        </div>
      </section>
      <section className="card" aria-labelledby="model-vessel-alarms">
        <h2 id="model-vessel-alarms">{t('modelVessel.alarmsTitle')}</h2>
        <p className="muted">
          {t('modelVessel.since', {
            date: format.date(v.since),
            counts: ALARM_PRIORITIES.map((p) => t(`modelVessel.counts.${p}`, { count: v.alarms[p] })).join(', '),
          })}
        </p>
        {v.alarmLog.length === 0 ? (
          <p className="empty-state">{t('modelVessel.noAlarms', { vessel: v.name })}</p>
        ) : (
          <ul className="alert-list" aria-label={t('modelVessel.alarmList', { vessel: v.name })}>
            {v.alarmLog.map((a) => (
              <li key={a.id} className={`alert-item alert-item--priority-${a.priority}${a.clearedAt ? ' is-cleared' : ''}`}>
                <PriorityBadge priority={a.priority} />
                <div className="alert-item__body">
                  <p className="alert-item__message">{alarmText({ ...a, path: PRIORITY_LABELS[a.priority] })}</p>
                  <p className="alert-item__status">
                    {a.clearedAt
                      ? t('modelVessel.cleared', { raised: format.dateTime(a.raisedAt), cleared: format.dateTime(a.clearedAt) })
                      : t('modelVessel.notCleared', { raised: format.dateTime(a.raisedAt) })}
                  </p>
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
