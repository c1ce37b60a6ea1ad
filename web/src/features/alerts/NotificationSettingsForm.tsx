/**
 * Your own alarm notification settings (Profile › Notifications): the least priority each
 * channel carries to you, and quiet hours in your time zone, when only emergencies reach you.
 * Which vessels notify you at all is each vessel's "Notify me" switch.
 */
import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ALARM_PRIORITIES, type AlarmPriority, type NotificationSettings } from '../../../../contracts/alarm-settings';
import { toast } from '../../app/services';
import { reportActionFailure } from '../../app/failures';
import { profileQueries } from '../profile/queries';
import { alarmSettingsActions, alarmSettingsQueries } from './alarmSettingsQueries';
import './alarm-settings.css';

const CHANNELS: Array<{ key: keyof NotificationSettings['minPriority']; label: string }> = [
  { key: 'email', label: 'E-mail' },
  { key: 'push', label: 'Phone (push)' },
  { key: 'inApp', label: 'In the app' },
];

const PRIORITY_LABELS: Record<AlarmPriority, string> = {
  emergency: 'Emergencies only',
  alarm: 'Alarms and emergencies',
  warning: 'Warnings and above',
  caution: 'Everything (cautions too)',
};

export function NotificationSettingsForm() {
  const queryClient = useQueryClient();
  const settings = useQuery(alarmSettingsQueries.profile());
  const preferences = useQuery(profileQueries.preferences());
  const [draft, setDraft] = useState<NotificationSettings | null>(null);
  const save = useMutation({
    mutationFn: (next: NotificationSettings) => alarmSettingsActions.saveProfile(next),
    onSuccess: (data) => {
      queryClient.setQueryData(alarmSettingsQueries.profile().queryKey, data);
      setDraft(null);
      toast.success('Notification settings saved');
    },
    onError: (error) => reportActionFailure('Saving your notification settings', error),
  });
  const current = draft ?? settings.data ?? null;
  const zone = preferences.data?.timeZone ?? 'Universal';
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (draft) save.mutate(draft);
  };

  return (
    <form className="card form notification-settings" aria-labelledby="notification-settings-title" onSubmit={submit}>
      <h2 id="notification-settings-title">Alarm notifications</h2>
      {settings.isPending ? (
        <p className="inline-loading" role="status">
          <span className="spinner spinner--small" aria-hidden="true" /> Loading your settings…
        </p>
      ) : null}
      {settings.isError ? (
        <div role="alert">
          <p className="form-error">Your notification settings could not be loaded.</p>
          <button type="button" className="button" onClick={() => void settings.refetch()}>
            Try again
          </button>
        </div>
      ) : null}
      {current ? (
        <>
          <fieldset>
            <legend>Least priority per channel</legend>
            {CHANNELS.map((channel) => (
              <div className="field" key={channel.key}>
                <label htmlFor={`min-${channel.key}`} className="field__label">
                  {channel.label}
                </label>
                <select
                  className="input"
                  id={`min-${channel.key}`}
                  value={current.minPriority[channel.key]}
                  onChange={(event) => setDraft({ ...current, minPriority: { ...current.minPriority, [channel.key]: event.target.value as AlarmPriority } })}
                >
                  {ALARM_PRIORITIES.map((p) => (
                    <option key={p} value={p}>
                      {PRIORITY_LABELS[p]}
                    </option>
                  ))}
                </select>
              </div>
            ))}
          </fieldset>
          <fieldset>
            <legend>Quiet hours</legend>
            <label className="choice__option">
              <input
                type="checkbox"
                checked={current.quietHours !== null}
                onChange={(event) => setDraft({ ...current, quietHours: event.target.checked ? { start: '22:00', end: '07:00' } : null })}
              />
              Keep alarms from me during quiet hours (emergencies always come through)
            </label>
            {current.quietHours ? (
              <div className="inline-form">
                <div className="field">
                  <label htmlFor="quiet-start" className="field__label">
                    From
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
                    Until
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
            <p className="field__hint">In your time zone ({zone}), set under Preferences.</p>
          </fieldset>
          <div className="button-row">
            <button type="submit" className="button button--primary" disabled={!draft || save.isPending}>
              {save.isPending ? 'Saving…' : 'Save'}
            </button>
          </div>
        </>
      ) : null}
    </form>
  );
}
