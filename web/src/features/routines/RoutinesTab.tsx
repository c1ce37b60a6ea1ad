import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Routine } from '../../../../contracts/routines';
import { toast } from '../../app/services';
import { reportActionFailure } from '../../app/failures';
import { DelayedSpinner } from '../loading/DelayedSpinner';
import { ConfirmModal } from '../modal/ConfirmModal';
import { useFormatters } from '../profile/usePreferences';
import { RoutineBuilder } from './RoutineBuilder';
import { RunTimeline } from './RunTimeline';
import { routineActions, routineKeys, routineQueries } from './queries';
import './routines.css';

/** The vessel's routines: state, last run, next scheduled run; create, pause or resume, delete, and each one's runs. */
export function RoutinesTab({ vesselId, canManage, canSeeDevices }: { vesselId: number; canManage: boolean; canSeeDevices: boolean }) {
  const { t } = useTranslation('routines');
  const queryClient = useQueryClient();
  const format = useFormatters();
  const routines = useQuery(routineQueries.list(vesselId));
  const [building, setBuilding] = useState(false);
  const [open, setOpen] = useState<number | null>(null);
  const [deleting, setDeleting] = useState<Routine | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: routineKeys.list(vesselId) });

  const pause = useMutation({
    mutationFn: ({ routine, paused }: { routine: Routine; paused: boolean }) => routineActions.pause(vesselId, routine.id, paused),
    onSuccess: (routine) => {
      toast.success(routine.enabled ? t('tab.resumed') : t('tab.paused'));
      return refresh();
    },
    onError: (error) => reportActionFailure(t('tab.pausing'), error),
  });
  const remove = useMutation({
    mutationFn: (routine: Routine) => routineActions.remove(vesselId, routine.id),
    onSuccess: () => {
      toast.success(t('tab.deleted'));
      setDeleting(null);
      return refresh();
    },
    onError: (error) => reportActionFailure(t('tab.deleting'), error),
  });

  return (
    <section aria-labelledby="routines-title" className="routines">
      <header className="section-header">
        <h2 id="routines-title">{t('tab.title')}</h2>
        {canManage && !building ? (
          <button type="button" className="button button--primary" onClick={() => setBuilding(true)}>
            {t('tab.new')}
          </button>
        ) : null}
      </header>
      <p className="muted">{t('tab.intro')}</p>
      {building ? <RoutineBuilder vesselId={vesselId} canSeeDevices={canSeeDevices} onDone={() => setBuilding(false)} /> : null}
      <DelayedSpinner loading={routines.isPending} label={t('tab.loading')} />
      {routines.isError ? (
        <p className="form-error" role="alert">
          {t('tab.loadFailed')}{' '}
          <button type="button" className="link-button" onClick={() => void routines.refetch()}>
            {t('tryAgain')}
          </button>
        </p>
      ) : null}
      {routines.isSuccess && routines.data.length === 0 ? <p className="empty-state">{t('tab.empty')}</p> : null}
      <ul className="routine-list" aria-label={t('tab.title')}>
        {(routines.data ?? []).map((routine) => (
          <li key={routine.id} className={`routine-item${routine.enabled ? '' : ' is-paused'}`}>
            <div className="routine-item__body">
              <p className="routine-item__name">{routine.name}</p>
              <p className="muted">
                {[
                  routine.enabled ? t('tab.on') : t('tab.off'),
                  routine.lastRun
                    ? t('tab.lastRun', { when: format.dateTime(routine.lastRun.startedAt), outcome: t(`runOutcomes.${routine.lastRun.outcome}`) })
                    : t('tab.neverRun'),
                  ...(routine.nextRunAt ? [t('tab.nextRun', { when: format.dateTime(routine.nextRunAt) })] : []),
                ].join(' · ')}
              </p>
            </div>
            <div className="routine-item__actions">
              <button
                type="button"
                className="button button--small"
                aria-expanded={open === routine.id}
                aria-label={open === routine.id ? t('tab.hideRunsOf', { name: routine.name }) : t('tab.runsOf', { name: routine.name })}
                onClick={() => setOpen(open === routine.id ? null : routine.id)}
              >
                {open === routine.id ? t('tab.hideRuns') : t('tab.runs')}
              </button>
              {canManage ? (
                <>
                  <label className="switch">
                    <input
                      type="checkbox"
                      role="switch"
                      checked={routine.enabled}
                      disabled={pause.isPending}
                      onChange={(event) => pause.mutate({ routine, paused: !event.target.checked })}
                    />
                    <span>{routine.enabled ? t('tab.on') : t('tab.off')}</span>
                    <span className="visually-hidden"> {t('tab.switchOf', { name: routine.name })}</span>
                  </label>
                  <button
                    type="button"
                    className="button button--small button--danger"
                    aria-label={t('tab.deleteOf', { name: routine.name })}
                    onClick={() => setDeleting(routine)}
                  >
                    {t('tab.delete')}
                  </button>
                </>
              ) : null}
            </div>
            {open === routine.id ? <RunTimeline vesselId={vesselId} routineId={routine.id} /> : null}
          </li>
        ))}
      </ul>
      {deleting ? (
        <ConfirmModal
          title={t('tab.deleteTitle')}
          confirmLabel={t('tab.delete')}
          pending={remove.isPending}
          onConfirm={() => remove.mutate(deleting)}
          onClose={() => setDeleting(null)}
        >
          <p>{t('tab.deleteText', { name: deleting.name })}</p>
        </ConfirmModal>
      ) : null}
    </section>
  );
}
