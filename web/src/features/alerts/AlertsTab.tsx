import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from '../../app/services';
import { reportActionFailure } from '../../app/failures';
import { DelayedSpinner } from '../loading/DelayedSpinner';
import { useFormatters } from '../profile/usePreferences';
import { vesselKeys } from '../vessels/queries';
import { alertActions, alertQueries } from './queries';
import { isActiveAlert, type Alert } from './types';
import './alerts.css';

const STATE_LABELS: Record<Alert['state'], string> = {
  emergency: 'Emergency',
  alarm: 'Alarm',
  warn: 'Warning',
  alert: 'Alert',
  normal: 'Normal',
};

export function AlertsTab({ vesselId, canManage }: { vesselId: number; canManage: boolean }) {
  const queryClient = useQueryClient();
  const alerts = useQuery(alertQueries.list(vesselId));
  const format = useFormatters();
  const refresh = () => queryClient.invalidateQueries({ queryKey: vesselKeys.section(vesselId, 'alerts') });

  const acknowledge = useMutation({
    mutationFn: (alertId: number) => alertActions.acknowledge(vesselId, alertId),
    onSuccess: () => {
      toast.success('Alert acknowledged');
      return refresh();
    },
    onError: (error) => reportActionFailure('Acknowledging the alert', error),
  });
  const silence = useMutation({
    mutationFn: (alertId: number) => alertActions.silence(vesselId, alertId),
    onSuccess: () => {
      toast.success('Alert silenced');
      return refresh();
    },
    onError: (error) => reportActionFailure('Silencing the alert', error),
  });
  const silenceAll = useMutation({
    mutationFn: () => alertActions.silenceAll(vesselId),
    onSuccess: () => {
      toast.success('All alerts silenced');
      return refresh();
    },
    onError: (error) => reportActionFailure('Silencing all alerts', error),
  });

  if (alerts.isError) {
    return (
      <p className="form-error" role="alert">
        The alerts could not be loaded.
      </p>
    );
  }

  const list = alerts.data ?? [];
  const active = list.filter(isActiveAlert);
  const busy = acknowledge.isPending || silence.isPending || silenceAll.isPending;

  return (
    <div className="alerts">
      <DelayedSpinner loading={alerts.isPending} label="Loading alerts…" />
      <header className="section-header">
        <h2>
          {active.length} active {active.length === 1 ? 'alert' : 'alerts'}
        </h2>
        {canManage && active.some((alert) => !alert.silenced) ? (
          <button type="button" className="button" disabled={busy} onClick={() => silenceAll.mutate()}>
            Silence all
          </button>
        ) : null}
      </header>
      {alerts.isSuccess && list.length === 0 ? <p className="empty-state">No alerts have been raised on this vessel.</p> : null}
      <ul className="alert-list">
        {list.map((alert) => (
          <li key={alert.id} className={`alert-item alert-item--${alert.state}${isActiveAlert(alert) ? '' : ' is-cleared'}`}>
            <span className={`badge badge--${alert.state}`}>{STATE_LABELS[alert.state]}</span>
            <div className="alert-item__body">
              <p className="alert-item__message">{alert.message || alert.path}</p>
              <p className="muted">
                Raised {format.dateTime(alert.raisedAt)}
                {alert.clearedAt ? ` · cleared ${format.dateTime(alert.clearedAt)}` : ''}
                {alert.acknowledgedAt ? ` · acknowledged ${format.dateTime(alert.acknowledgedAt)}` : ''}
                {alert.silenced ? ' · silenced' : ''}
              </p>
            </div>
            {canManage && isActiveAlert(alert) ? (
              <div className="alert-item__actions">
                {!alert.acknowledgedAt ? (
                  <button type="button" className="button button--small" disabled={busy} onClick={() => acknowledge.mutate(alert.id)}>
                    Acknowledge
                  </button>
                ) : null}
                {!alert.silenced ? (
                  <button type="button" className="button button--small" disabled={busy} onClick={() => silence.mutate(alert.id)}>
                    Silence
                  </button>
                ) : null}
              </div>
            ) : null}
          </li>
        ))}
      </ul>
    </div>
  );
}
