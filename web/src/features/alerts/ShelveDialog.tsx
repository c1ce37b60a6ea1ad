/**
 * Shelving an alarm (docs/product.md, "Alarms"): its point goes out of service for a chosen time
 * with a reason. The dialog says what stops (nobody is notified or chased) and when it comes back.
 */
import { alarmText, durationWords, type DurationUnit } from './types';
import { useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Trans, useTranslation } from 'react-i18next';
import { toast } from '../../app/services';
import { reportActionFailure } from '../../app/failures';
import { Modal } from '../modal/Modal';
import { useFormatters } from '../profile/usePreferences';
import { vesselKeys } from '../vessels/queries';
import { alarmSettingsActions } from './alarmSettingsQueries';

const DURATIONS: Array<{ hours: number; count: number; unit: DurationUnit }> = [
  { hours: 1, count: 1, unit: 'hours' },
  { hours: 4, count: 4, unit: 'hours' },
  { hours: 12, count: 12, unit: 'hours' },
  { hours: 24, count: 1, unit: 'days' },
  { hours: 72, count: 3, unit: 'days' },
  { hours: 168, count: 1, unit: 'weeks' },
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
  const { t } = useTranslation('alerts');
  const queryClient = useQueryClient();
  const until = new Date(Date.now() + hours * 3600_000);
  const name = alarmText(alert);

  const shelve = useMutation({
    mutationFn: () => alarmSettingsActions.shelve(vesselId, alert.id, reason.trim(), new Date(Date.now() + hours * 3600_000).toISOString()),
    onSuccess: () => {
      toast.success(t('shelve.done'));
      void queryClient.invalidateQueries({ queryKey: vesselKeys.section(vesselId, 'alerts') });
      void queryClient.invalidateQueries({ queryKey: vesselKeys.section(vesselId, 'alerts/shelved') });
      setOpen(false);
    },
    onError: (failure) => reportActionFailure(t('shelve.doing'), failure),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!reason.trim()) return setError(t('shelve.reasonNeeded'));
    setError(null);
    shelve.mutate();
  };

  return (
    <Modal
      open={open}
      title={t('shelve.title')}
      onClose={onClose}
      dirty={reason.trim().length > 0 && !shelve.isSuccess}
      footer={
        <>
          <button type="button" className="button" onClick={() => setOpen(false)}>
            {t('shelve.cancel')}
          </button>
          <button type="submit" form="shelve-form" className="button button--danger" disabled={shelve.isPending}>
            {shelve.isPending ? t('shelve.shelving') : t('shelve.shelve')}
          </button>
        </>
      }
    >
      <form id="shelve-form" className="form" onSubmit={submit}>
        <p>
          <Trans
            t={t}
            i18nKey="shelve.explanation"
            values={{ name, time: format.dateTime(until.toISOString()) }}
            components={{ strong: <strong /> }}
            shouldUnescape
          />
        </p>
        <div className="field">
          <label htmlFor="shelve-reason" className="field__label">
            {t('shelve.reason')}
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
            {t('shelve.outFor')}
          </label>
          <select className="input" id="shelve-for" value={hours} onChange={(event) => setHours(Number(event.target.value))}>
            {DURATIONS.map((d) => (
              <option key={d.hours} value={d.hours}>
                {durationWords(d.count, d.unit)}
              </option>
            ))}
          </select>
        </div>
      </form>
    </Modal>
  );
}
