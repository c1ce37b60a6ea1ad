import { useState } from 'react';
import { Link } from '@tanstack/react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from '../../app/services';
import { reportActionFailure } from '../../app/failures';
import { deviceQueries } from '../devices/queries';
import type { Device } from '../devices/types';
import { DelayedSpinner } from '../loading/DelayedSpinner';
import { AskCompany } from '../service/AskCompany';
import { useFormatters } from '../profile/usePreferences';
import { vesselKeys } from '../vessels/queries';
import { ShelveDialog } from './ShelveDialog';
import { PriorityBadge } from './PriorityBadge';
import { alertActions, alertQueries } from './queries';
import { useAlertActions } from './useAlertActions';
import { alarmText, EMERGENCY_SILENCE_MAX_SECONDS, isActiveAlert, priorityOf, SILENCE_CHOICES, statusOf, statusText, type Alert } from './types';

/** The device whose property an alert watches: by its path, or the path its notification names. */
export function deviceOfPath(devices: Device[] | undefined, path: string): Device | undefined {
  const bare = path.startsWith('notifications.') ? path.slice('notifications.'.length) : path;
  return devices?.find((device) => device.properties.some((property) => property.path === path || property.path === bare));
}

/** A note on an alert, added after its newest entry in the device's alert log. */
function NoteForm({ vesselId, alert, device, onDone }: { vesselId: number; alert: Alert; device: Device; onDone: () => void }) {
  const queryClient = useQueryClient();
  const [text, setText] = useState('');
  const add = useMutation({
    mutationFn: async () => {
      const log = await queryClient.fetchQuery({ ...alertQueries.deviceLog(vesselId, device.id), staleTime: 0 });
      const entry = log.find((candidate) => candidate.alertId === alert.id);
      if (!entry) throw new Error('This alert has no log entry yet');
      return alertActions.addNote(entry.id, text.trim());
    },
    onSuccess: () => {
      toast.success('Note added to the alert log');
      void queryClient.invalidateQueries({ queryKey: vesselKeys.section(vesselId, 'alertLogs') });
      onDone();
    },
    onError: (error) => reportActionFailure('Adding the note', error),
  });
  return (
    <form
      className="alert-log__note"
      onSubmit={(event) => {
        event.preventDefault();
        if (text.trim()) add.mutate();
      }}
    >
      <label className="visually-hidden" htmlFor={`note-${alert.id}`}>
        Note on {alarmText(alert)}
      </label>
      <input
        id={`note-${alert.id}`}
        className="input"
        value={text}
        maxLength={5000}
        onChange={(event) => setText(event.target.value)}
        placeholder="What was done"
      />
      <button type="submit" className="button button--small button--primary" disabled={add.isPending || !text.trim()}>
        Add note
      </button>
      <button type="button" className="button button--small" onClick={onDone}>
        Cancel
      </button>
    </form>
  );
}

/** Opens the alarm's detail with its delivery receipts (`?alert=`). */
export function DeliveriesLink({ vesselId, alert }: { vesselId: number; alert: Alert }) {
  return (
    <Link to="/dashboard/vessels/$vesselId/alerts" params={{ vesselId }} search={{ alert: alert.id }}>
      Deliveries<span className="visually-hidden"> of {alarmText(alert)}</span>
    </Link>
  );
}

function AlertRow({ vesselId, alert, canManage, device }: { vesselId: number; alert: Alert; canManage: boolean; device: Device | undefined }) {
  const format = useFormatters();
  const { acknowledge, silence, busy } = useAlertActions(vesselId);
  const priority = priorityOf(alert);
  const status = statusOf(alert);
  const emergency = priority === 'emergency';
  const [seconds, setSeconds] = useState(30);
  const [noting, setNoting] = useState(false);
  const [shelving, setShelving] = useState(false);
  const choices = SILENCE_CHOICES.filter((choice) => !emergency || choice.seconds <= EMERGENCY_SILENCE_MAX_SECONDS);
  const canSilence = canManage && (status === 'active-unacknowledged' || status === 'silenced');
  return (
    <li
      className={`alert-item alert-item--${alert.state} alert-item--priority-${priority}${isActiveAlert(alert) ? '' : ' is-cleared'}`}
      data-testid="active-alert"
    >
      <PriorityBadge priority={priority} />
      <div className="alert-item__body">
        <p className="alert-item__message">{alarmText(alert)}</p>
        <p className="alert-item__status">{statusText(alert, format.time)}</p>
        <p className="muted">
          {device ? `${device.name} · ` : ''}Raised {format.dateTime(alert.raisedAt)}
          {alert.acknowledgedAt ? ` · acknowledged ${format.dateTime(alert.acknowledgedAt)}` : ''}
          {alert.clearedAt ? ` · condition cleared ${format.dateTime(alert.clearedAt)}` : ''}
          {' · '}
          <DeliveriesLink vesselId={vesselId} alert={alert} />
        </p>
        {noting && device ? <NoteForm vesselId={vesselId} alert={alert} device={device} onDone={() => setNoting(false)} /> : null}
      </div>
      {canManage ? (
        <div className="alert-item__actions">
          {alert.acknowledgedAt === null ? (
            <button type="button" className="button button--small button--primary" disabled={busy} onClick={() => acknowledge.mutate(alert.id)}>
              Acknowledge
            </button>
          ) : null}
          {canSilence ? (
            <>
              <label className="visually-hidden" htmlFor={`silence-${alert.id}`}>
                Silence for
              </label>
              <select id={`silence-${alert.id}`} className="input" value={seconds} onChange={(event) => setSeconds(Number(event.target.value))}>
                {choices.map((choice) => (
                  <option key={choice.seconds} value={choice.seconds}>
                    {choice.label}
                  </option>
                ))}
              </select>
              <button type="button" className="button button--small" disabled={busy} onClick={() => silence.mutate({ alertId: alert.id, seconds })}>
                {status === 'silenced' ? 'Silence again' : 'Silence'}
              </button>
            </>
          ) : null}
          {device && !noting ? (
            <button type="button" className="button button--small button--ghost" onClick={() => setNoting(true)}>
              Add a note
            </button>
          ) : null}
          {isActiveAlert(alert) ? (
            <button type="button" className="button button--small button--ghost" onClick={() => setShelving(true)}>
              Shelve…
            </button>
          ) : null}
          {isActiveAlert(alert) ? <AskCompany vesselId={vesselId} alert={alert} /> : null}
        </div>
      ) : null}
      {shelving ? <ShelveDialog vesselId={vesselId} alert={alert} onClose={() => setShelving(false)} /> : null}
      {emergency && canSilence ? <p className="muted">An emergency can be silenced for at most a minute.</p> : null}
    </li>
  );
}

/** The vessel's active alarms with the lifecycle's actions (docs/product.md, alarms). */
export function ActiveAlerts({ vesselId, canManage, canSeeDevices = true }: { vesselId: number; canManage: boolean; canSeeDevices?: boolean }) {
  const alerts = useQuery(alertQueries.list(vesselId));
  const devices = useQuery({ ...deviceQueries.list(vesselId), enabled: canSeeDevices });
  const { silenceAll, busy } = useAlertActions(vesselId);
  const [seconds, setSeconds] = useState(30);

  if (alerts.isError) {
    return (
      <p className="form-error" role="alert">
        The alerts could not be loaded.{' '}
        <button type="button" className="link-button" onClick={() => void alerts.refetch()}>
          Try again
        </button>
      </p>
    );
  }
  const active = (alerts.data ?? []).filter(isActiveAlert);
  const sounding = active.some((alert) => statusOf(alert) === 'active-unacknowledged');

  return (
    <section aria-labelledby="active-alerts-title">
      <DelayedSpinner loading={alerts.isPending} label="Loading alerts…" />
      <header className="section-header">
        <h2 id="active-alerts-title">
          {active.length} active {active.length === 1 ? 'alert' : 'alerts'}
        </h2>
        {canManage && sounding ? (
          <div className="alert-item__actions">
            <label className="visually-hidden" htmlFor="silence-all-seconds">
              Silence all for
            </label>
            <select id="silence-all-seconds" className="input" value={seconds} onChange={(event) => setSeconds(Number(event.target.value))}>
              {SILENCE_CHOICES.map((choice) => (
                <option key={choice.seconds} value={choice.seconds}>
                  {choice.label}
                </option>
              ))}
            </select>
            <button type="button" className="button" disabled={busy} onClick={() => silenceAll.mutate(seconds)}>
              Silence all
            </button>
          </div>
        ) : null}
      </header>
      {alerts.isSuccess && active.length === 0 ? <p className="empty-state">No active alerts. Everything on board is within its levels.</p> : null}
      <ul className="alert-list" aria-label="Active alerts">
        {active.map((alert) => (
          <AlertRow key={alert.id} vesselId={vesselId} alert={alert} canManage={canManage} device={deviceOfPath(devices.data, alert.path)} />
        ))}
      </ul>
    </section>
  );
}
