import { useState } from 'react';
import { Link } from '@tanstack/react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Trans, useTranslation } from 'react-i18next';
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
import { HIDDEN } from '../../i18n/hidden';

/** The device whose property an alert watches: by its path, or the path its notification names. */
export function deviceOfPath(devices: Device[] | undefined, path: string): Device | undefined {
  const bare = path.startsWith('notifications.') ? path.slice('notifications.'.length) : path;
  return devices?.find((device) => device.properties.some((property) => property.path === path || property.path === bare));
}

/** A note on an alert, added after its newest entry in the device's alert log. */
function NoteForm({ vesselId, alert, device, onDone }: { vesselId: number; alert: Alert; device: Device; onDone: () => void }) {
  const queryClient = useQueryClient();
  const { t } = useTranslation('alerts');
  const [text, setText] = useState('');
  const add = useMutation({
    mutationFn: async () => {
      const log = await queryClient.fetchQuery({ ...alertQueries.deviceLog(vesselId, device.id), staleTime: 0 });
      const entry = log.find((candidate) => candidate.alertId === alert.id);
      if (!entry) throw new Error(t('active.noLogEntry'));
      return alertActions.addNote(entry.id, text.trim());
    },
    onSuccess: () => {
      toast.success(t('active.noteAdded'));
      void queryClient.invalidateQueries({ queryKey: vesselKeys.section(vesselId, 'alertLogs') });
      onDone();
    },
    onError: (error) => reportActionFailure(t('active.addingNote'), error),
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
        {t('active.noteOn', { alarm: alarmText(alert) })}
      </label>
      <input
        id={`note-${alert.id}`}
        className="input"
        value={text}
        maxLength={5000}
        onChange={(event) => setText(event.target.value)}
        placeholder={t('active.notePlaceholder')}
      />
      <button type="submit" className="button button--small button--primary" disabled={add.isPending || !text.trim()}>
        {t('active.addNote')}
      </button>
      <button type="button" className="button button--small" onClick={onDone}>
        {t('active.cancel')}
      </button>
    </form>
  );
}

/** Opens the alarm's detail with its delivery receipts (`?alert=`). */
export function DeliveriesLink({ vesselId, alert }: { vesselId: number; alert: Alert }) {
  const { t } = useTranslation('alerts');
  return (
    <Link to="/dashboard/vessels/$vesselId/alerts" params={{ vesselId }} search={{ alert: alert.id }}>
      <Trans t={t} i18nKey="active.deliveries" values={{ alarm: alarmText(alert) }} components={HIDDEN} shouldUnescape />
    </Link>
  );
}

function AlertRow({ vesselId, alert, canManage, device }: { vesselId: number; alert: Alert; canManage: boolean; device: Device | undefined }) {
  const format = useFormatters();
  const { t } = useTranslation('alerts');
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
          {device ? `${device.name} · ` : ''}
          {t('active.raised', { time: format.dateTime(alert.raisedAt) })}
          {alert.acknowledgedAt ? ` · ${t('active.acknowledgedAt', { time: format.dateTime(alert.acknowledgedAt) })}` : ''}
          {alert.clearedAt ? ` · ${t('active.conditionCleared', { time: format.dateTime(alert.clearedAt) })}` : ''}
          {' · '}
          <DeliveriesLink vesselId={vesselId} alert={alert} />
        </p>
        {noting && device ? <NoteForm vesselId={vesselId} alert={alert} device={device} onDone={() => setNoting(false)} /> : null}
      </div>
      {canManage ? (
        <div className="alert-item__actions">
          {alert.acknowledgedAt === null ? (
            <button type="button" className="button button--small button--primary" disabled={busy} onClick={() => acknowledge.mutate(alert.id)}>
              {t('active.acknowledge')}
            </button>
          ) : null}
          {canSilence ? (
            <>
              <label className="visually-hidden" htmlFor={`silence-${alert.id}`}>
                {t('active.silenceFor')}
              </label>
              <select id={`silence-${alert.id}`} className="input" value={seconds} onChange={(event) => setSeconds(Number(event.target.value))}>
                {choices.map((choice) => (
                  <option key={choice.seconds} value={choice.seconds}>
                    {choice.label}
                  </option>
                ))}
              </select>
              <button type="button" className="button button--small" disabled={busy} onClick={() => silence.mutate({ alertId: alert.id, seconds })}>
                {status === 'silenced' ? t('active.silenceAgain') : t('active.silence')}
              </button>
            </>
          ) : null}
          {device && !noting ? (
            <button type="button" className="button button--small button--ghost" onClick={() => setNoting(true)}>
              {t('active.addANote')}
            </button>
          ) : null}
          {isActiveAlert(alert) ? (
            <button type="button" className="button button--small button--ghost" onClick={() => setShelving(true)}>
              {t('active.shelve')}
            </button>
          ) : null}
          {isActiveAlert(alert) ? <AskCompany vesselId={vesselId} alert={alert} /> : null}
        </div>
      ) : null}
      {shelving ? <ShelveDialog vesselId={vesselId} alert={alert} onClose={() => setShelving(false)} /> : null}
      {emergency && canSilence ? <p className="muted">{t('active.emergencySilence')}</p> : null}
    </li>
  );
}

/** The vessel's active alarms with the lifecycle's actions (docs/product.md, alarms). */
export function ActiveAlerts({ vesselId, canManage, canSeeDevices = true }: { vesselId: number; canManage: boolean; canSeeDevices?: boolean }) {
  const alerts = useQuery(alertQueries.list(vesselId));
  const devices = useQuery({ ...deviceQueries.list(vesselId), enabled: canSeeDevices });
  const { silenceAll, busy } = useAlertActions(vesselId);
  const { t } = useTranslation('alerts');
  const [seconds, setSeconds] = useState(30);

  if (alerts.isError) {
    return (
      <p className="form-error" role="alert">
        {t('active.loadFailed')}{' '}
        <button type="button" className="link-button" onClick={() => void alerts.refetch()}>
          {t('active.tryAgain')}
        </button>
      </p>
    );
  }
  const active = (alerts.data ?? []).filter(isActiveAlert);
  const sounding = active.some((alert) => statusOf(alert) === 'active-unacknowledged');

  return (
    <section aria-labelledby="active-alerts-title">
      <DelayedSpinner loading={alerts.isPending} label={t('active.loading')} />
      <header className="section-header">
        <h2 id="active-alerts-title">{t('active.count', { count: active.length })}</h2>
        {canManage && sounding ? (
          <div className="alert-item__actions">
            <label className="visually-hidden" htmlFor="silence-all-seconds">
              {t('active.silenceAllFor')}
            </label>
            <select id="silence-all-seconds" className="input" value={seconds} onChange={(event) => setSeconds(Number(event.target.value))}>
              {SILENCE_CHOICES.map((choice) => (
                <option key={choice.seconds} value={choice.seconds}>
                  {choice.label}
                </option>
              ))}
            </select>
            <button type="button" className="button" disabled={busy} onClick={() => silenceAll.mutate(seconds)}>
              {t('active.silenceAll')}
            </button>
          </div>
        ) : null}
      </header>
      {alerts.isSuccess && active.length === 0 ? <p className="empty-state">{t('active.none')}</p> : null}
      <ul className="alert-list" aria-label={t('active.list')}>
        {active.map((alert) => (
          <AlertRow key={alert.id} vesselId={vesselId} alert={alert} canManage={canManage} device={deviceOfPath(devices.data, alert.path)} />
        ))}
      </ul>
    </section>
  );
}
