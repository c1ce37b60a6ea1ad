/**
 * Your own alarm notification settings (Profile › Notifications): the least priority each
 * channel carries to you, and quiet hours in your time zone, when only emergencies reach you.
 * Which vessels notify you at all is each vessel's "Notify me" switch.
 */
import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ALARM_PRIORITIES, type AlarmPriority, type NotificationSettings } from '../../../../contracts/alarm-settings';
import { toast } from '../../app/services';
import { reportActionFailure } from '../../app/failures';
import { profileQueries } from '../profile/queries';
import { alarmSettingsActions, alarmSettingsQueries } from './alarmSettingsQueries';
import './alarm-settings.css';

const CHANNELS: Array<keyof NotificationSettings['minPriority']> = ['email', 'push', 'inApp'];

export function NotificationSettingsForm() {
  const queryClient = useQueryClient();
  const { t } = useTranslation('alerts');
  const settings = useQuery(alarmSettingsQueries.profile());
  const preferences = useQuery(profileQueries.preferences());
  const [draft, setDraft] = useState<NotificationSettings | null>(null);
  const save = useMutation({
    mutationFn: (next: NotificationSettings) => alarmSettingsActions.saveProfile(next),
    onSuccess: (data) => {
      queryClient.setQueryData(alarmSettingsQueries.profile().queryKey, data);
      setDraft(null);
      toast.success(t('notifications.saved'));
    },
    onError: (error) => reportActionFailure(t('notifications.saving'), error),
  });
  const current = draft ?? settings.data ?? null;
  const zone = preferences.data?.timeZone ?? 'Universal';
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (draft) save.mutate(draft);
  };

  return (
    <form className="card form notification-settings" aria-labelledby="notification-settings-title" onSubmit={submit}>
      <h2 id="notification-settings-title">{t('notifications.title')}</h2>
      {settings.isPending ? (
        <p className="inline-loading" role="status">
          <span className="spinner spinner--small" aria-hidden="true" /> {t('notifications.loading')}
        </p>
      ) : null}
      {settings.isError ? (
        <div role="alert">
          <p className="form-error">{t('notifications.loadFailed')}</p>
          <button type="button" className="button" onClick={() => void settings.refetch()}>
            {t('notifications.tryAgain')}
          </button>
        </div>
      ) : null}
      {current ? (
        <>
          <fieldset>
            <legend>{t('notifications.leastPriority')}</legend>
            {CHANNELS.map((channel) => (
              <div className="field" key={channel}>
                <label htmlFor={`min-${channel}`} className="field__label">
                  {t(`notifications.channels.${channel}`)}
                </label>
                <select
                  className="input"
                  id={`min-${channel}`}
                  value={current.minPriority[channel]}
                  onChange={(event) => setDraft({ ...current, minPriority: { ...current.minPriority, [channel]: event.target.value as AlarmPriority } })}
                >
                  {ALARM_PRIORITIES.map((p) => (
                    <option key={p} value={p}>
                      {t(`notifications.floors.${p}`)}
                    </option>
                  ))}
                </select>
              </div>
            ))}
          </fieldset>
          <fieldset>
            <legend>{t('notifications.quietHours')}</legend>
            <label className="choice__option">
              <input
                type="checkbox"
                checked={current.quietHours !== null}
                onChange={(event) => setDraft({ ...current, quietHours: event.target.checked ? { start: '22:00', end: '07:00' } : null })}
              />
              {t('notifications.keepQuiet')}
            </label>
            {current.quietHours ? (
              <div className="inline-form">
                <div className="field">
                  <label htmlFor="quiet-start" className="field__label">
                    {t('notifications.from')}
                  </label>
                  <input
                    className="input"
                    id="quiet-start"
                    type="time"
                    required
                    value={current.quietHours.start}
                    onChange={(event) => setDraft({ ...current, quietHours: { ...current.quietHours!, start: event.target.value } })}
                  />
                </div>
                <div className="field">
                  <label htmlFor="quiet-end" className="field__label">
                    {t('notifications.until')}
                  </label>
                  <input
                    className="input"
                    id="quiet-end"
                    type="time"
                    required
                    value={current.quietHours.end}
                    onChange={(event) => setDraft({ ...current, quietHours: { ...current.quietHours!, end: event.target.value } })}
                  />
                </div>
              </div>
            ) : null}
            <p className="field__hint">{t('notifications.zoneHint', { zone })}</p>
          </fieldset>
          <div className="button-row">
            <button type="submit" className="button button--primary" disabled={!draft || save.isPending}>
              {save.isPending ? t('notifications.savingButton') : t('notifications.save')}
            </button>
          </div>
        </>
      ) : null}
    </form>
  );
}
