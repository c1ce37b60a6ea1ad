/**
 * Shelving an alarm (docs/product.md, "Alarms"): its point goes out of service for a chosen time
 * with a reason. The dialog says what stops (nobody is notified or chased) and when it comes back.
 */
import { alarmText } from './types';
import { useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '../../app/services';
import { reportActionFailure } from '../../app/failures';
import { Modal } from '../modal/Modal';
import { useFormatters } from '../profile/usePreferences';
import { vesselKeys } from '../vessels/queries';
import { alarmSettingsActions } from './alarmSettingsQueries';

const DURATIONS = [
  { hours: 1, label: '1 hour' },
  { hours: 4, label: '4 hours' },
  { hours: 12, label: '12 hours' },
  { hours: 24, label: '1 day' },
  { hours: 72, label: '3 days' },
  { hours: 168, label: '1 week' },
];

export interface ShelvableAlert {
  id: number;
  path: string;
  message: string;
}

export function ShelveDialog({ vesselId, alert, onClose }: { vesselId: number; alert: ShelvableAlert; onClose: () => void }) {
  const [open, setOpen] = useState(true);
  const [reason, setReason] = useState('');
  const [hours, setHours] = useState(4);
  const [error, setError] = useState<string | null>(null);
  const format = useFormatters();
  const queryClient = useQueryClient();
  const until = new Date(Date.now() + hours * 3600_000);
  const name = alarmText(alert);

  const shelve = useMutation({
    mutationFn: () => alarmSettingsActions.shelve(vesselId, alert.id, reason.trim(), new Date(Date.now() + hours * 3600_000).toISOString()),
    onSuccess: () => {
      toast.success('Alarm shelved');
      void queryClient.invalidateQueries({ queryKey: vesselKeys.section(vesselId, 'alerts') });
      void queryClient.invalidateQueries({ queryKey: vesselKeys.section(vesselId, 'alerts/shelved') });
      setOpen(false);
    },
    onError: (failure) => reportActionFailure('Shelving the alarm', failure),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!reason.trim()) return setError('Say why the alarm is taken out of service.');
    setError(null);
    shelve.mutate();
  };

  return (
    <Modal
      open={open}
      title="Shelve this alarm"
      onClose={onClose}
      dirty={reason.trim().length > 0 && !shelve.isSuccess}
      footer={
        <>
          <button type="button" className="button" onClick={() => setOpen(false)}>
            Cancel
          </button>
          <button type="submit" form="shelve-form" className="button button--danger" disabled={shelve.isPending}>
            {shelve.isPending ? 'Shelving…' : 'Shelve'}
          </button>
        </>
      }
    >
      <form id="shelve-form" className="form" onSubmit={submit}>
        <p>
          <strong>{name}</strong> will be out of service: its alarms are still recorded and shown, but nobody is notified or chased by the escalation ladder
          until {format.dateTime(until.toISOString())}. It comes back by itself then.
        </p>
        <div className="field">
          <label htmlFor="shelve-reason" className="field__label">
            Reason
          </label>
          <textarea
            className="input"
            id="shelve-reason"
            rows={3}
            maxLength={1000}
            value={reason}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'shelve-reason-error' : undefined}
            onChange={(event) => setReason(event.target.value)}
          />
          {error ? (
            <p id="shelve-reason-error" className="field__error" role="alert">
              {error}
            </p>
          ) : null}
        </div>
        <div className="field">
          <label htmlFor="shelve-for" className="field__label">
            Out of service for
          </label>
          <select className="input" id="shelve-for" value={hours} onChange={(event) => setHours(Number(event.target.value))}>
            {DURATIONS.map((d) => (
              <option key={d.hours} value={d.hours}>
                {d.label}
              </option>
            ))}
          </select>
        </div>
      </form>
    </Modal>
  );
}
