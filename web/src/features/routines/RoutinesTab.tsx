import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
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
      toast.success(routine.enabled ? 'Routine resumed' : 'Routine paused');
      return refresh();
    },
    onError: (error) => reportActionFailure('Pausing the routine', error),
  });
  const remove = useMutation({
    mutationFn: (routine: Routine) => routineActions.remove(vesselId, routine.id),
    onSuccess: () => {
      toast.success('Routine deleted');
      setDeleting(null);
      return refresh();
    },
    onError: (error) => reportActionFailure('Deleting the routine', error),
  });

  return (
    <section aria-labelledby="routines-title" className="routines">
      <header className="section-header">
        <h2 id="routines-title">Routines</h2>
        {canManage && !building ? (
          <button type="button" className="button button--primary" onClick={() => setBuilding(true)}>
            New routine
          </button>
        ) : null}
      </header>
      <p className="muted">Automations such as &ldquo;when the house battery is below 12.2 V for 2 minutes, start the generator and tell me&rdquo;.</p>
      {building ? <RoutineBuilder vesselId={vesselId} canSeeDevices={canSeeDevices} onDone={() => setBuilding(false)} /> : null}
      <DelayedSpinner loading={routines.isPending} label="Loading routines…" />
      {routines.isError ? (
        <p className="form-error" role="alert">
          The routines could not be loaded.{' '}
          <button type="button" className="link-button" onClick={() => void routines.refetch()}>
            Try again
          </button>
        </p>
      ) : null}
      {routines.isSuccess && routines.data.length === 0 ? <p className="empty-state">No routines yet.</p> : null}
      <ul className="routine-list" aria-label="Routines">
        {(routines.data ?? []).map((routine) => (
          <li key={routine.id} className={`routine-item${routine.enabled ? '' : ' is-paused'}`}>
            <div className="routine-item__body">
              <p className="routine-item__name">{routine.name}</p>
              <p className="muted">
                {routine.enabled ? 'On' : 'Paused'} · last run{' '}
                {routine.lastRun ? `${format.dateTime(routine.lastRun.startedAt)} (${routine.lastRun.outcome})` : 'never'}
                {routine.nextRunAt ? ` · next ${format.dateTime(routine.nextRunAt)}` : ''}
              </p>
            </div>
            <div className="routine-item__actions">
              <button
                type="button"
                className="button button--small"
                aria-expanded={open === routine.id}
                onClick={() => setOpen(open === routine.id ? null : routine.id)}
              >
                {open === routine.id ? 'Hide runs' : 'Runs'}
                <span className="visually-hidden"> of {routine.name}</span>
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
                    <span>{routine.enabled ? 'On' : 'Paused'}</span>
                    <span className="visually-hidden"> ({routine.name})</span>
                  </label>
                  <button type="button" className="button button--small button--danger" onClick={() => setDeleting(routine)}>
                    Delete<span className="visually-hidden"> {routine.name}</span>
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
          title="Delete the routine?"
          confirmLabel="Delete"
          pending={remove.isPending}
          onConfirm={() => remove.mutate(deleting)}
          onClose={() => setDeleting(null)}
        >
          <p>&ldquo;{deleting.name}&rdquo; and the record of its runs will be deleted. It cannot be brought back.</p>
        </ConfirmModal>
      ) : null}
    </section>
  );
}
