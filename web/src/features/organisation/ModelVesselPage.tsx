import { Link } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
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

const back = (
  <p>
    <Link to="/dashboard">← Your models</Link>
  </p>
);

/**
 * A consenting vessel as its manufacturer sees it (docs/decisions.md, "What a manufacturer sees of
 * a consenting vessel"): read-only, no more than the owner shared — its model, whether it is
 * online, and its alarms of the last 30 days.
 */
export function ModelVesselPage({ modelId, vesselId }: { modelId: number; vesselId: number }) {
  const vessel = useQuery({ ...organisationQueries.modelVessel(modelId, vesselId), refetchInterval: 30_000 });
  const format = useFormatters();
  if (vessel.isPending)
    return (
      <div className="page">
        <DelayedSpinner loading label="Loading the vessel…" />
      </div>
    );
  if (vessel.isError) {
    const gone = isApiError(vessel.error) && vessel.error.status === 404;
    return (
      <div className="page">
        {back}
        <div className="card" role="alert">
          <h1>Vessel not available</h1>
          <p className={gone ? undefined : 'form-error'}>
            {gone
              ? 'This vessel is not shared with you: it is not built on one of your models, or its owner no longer lets its manufacturer see it.'
              : failureMessage(vessel.error, 'The vessel could not be loaded.')}
          </p>
          {gone ? null : (
            <button type="button" className="button" onClick={() => void vessel.refetch()}>
              Try again
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
      {back}
      <header className="page__header">
        <div>
          <h1>{v.name}</h1>
          <p className="muted">{v.model.name} · shared by its owner with you, its manufacturer · read-only</p>
        </div>
      </header>
      <section className="card org-model-vessel-head" aria-labelledby="model-vessel-state">
        <ModelPicture url={v.model.imageUrl} size="large" alt={`Picture of the ${v.model.name}`} />
        <div>
          <h2 id="model-vessel-state">State</h2>
          <dl className="key-figures">
            <div>
              <dt>Model</dt>
              <dd>
                {v.model.name}
                {v.model.lengthM ? ` · ${v.model.lengthM} m` : ''}
              </dd>
            </div>
            <div>
              <dt>Bridge</dt>
              <dd>
                <OnlineState online={v.online} lastSeen={v.lastSeen} />
              </dd>
            </div>
            <div>
              <dt>Alarms in 30 days</dt>
              <dd>{total}</dd>
            </div>
          </dl>
          <p className="muted">
            Its owner shares the vessel’s model, whether it is online and its alarms with you. Its position, values, documents and people stay private.
          </p>
        </div>
      </section>
      <section className="card" aria-labelledby="model-vessel-alarms">
        <h2 id="model-vessel-alarms">Alarms of the last 30 days</h2>
        <p className="muted">
          Since {format.date(v.since)}: {ALARM_PRIORITIES.map((p) => `${v.alarms[p]} ${PRIORITY_LABELS[p].toLowerCase()}`).join(', ')}.
        </p>
        {v.alarmLog.length === 0 ? (
          <p className="empty-state">No alarm was raised on {v.name} in the last 30 days.</p>
        ) : (
          <ul className="alert-list" aria-label={`Alarms of ${v.name} in the last 30 days`}>
            {v.alarmLog.map((a) => (
              <li key={a.id} className={`alert-item alert-item--priority-${a.priority}${a.clearedAt ? ' is-cleared' : ''}`}>
                <PriorityBadge priority={a.priority} />
                <div className="alert-item__body">
                  <p className="alert-item__message">{alarmText({ ...a, path: PRIORITY_LABELS[a.priority] })}</p>
                  <p className="alert-item__status">
                    Raised {format.dateTime(a.raisedAt)} · {a.clearedAt ? `cleared ${format.dateTime(a.clearedAt)}` : 'not cleared'}
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
