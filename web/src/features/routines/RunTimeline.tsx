import { useQuery } from '@tanstack/react-query';
import type { RoutineRun } from '../../../../contracts/routines';
import { DelayedSpinner } from '../loading/DelayedSpinner';
import { useFormatters } from '../profile/usePreferences';
import { routineQueries } from './queries';

const OUTCOME_LABELS: Record<RoutineRun['outcome'], string> = {
  running: 'Running',
  completed: 'Completed',
  failed: 'Failed',
  skipped: 'Skipped',
  cancelled: 'Cancelled',
};

/** One run as a timeline: what triggered it, each condition with what it saw, each action with its outcome and timing. */
function RunEntry({ run }: { run: RoutineRun }) {
  const format = useFormatters();
  const seconds = (from: string, to: string) => `${((Date.parse(to) - Date.parse(from)) / 1000).toFixed(1)} s`;
  return (
    <li className={`routine-run routine-run--${run.outcome}`}>
      <p className="routine-run__head">
        <span className={`routine-badge routine-badge--${run.outcome}`}>{OUTCOME_LABELS[run.outcome]}</span> {format.dateTime(run.startedAt)}
      </p>
      <ol className="routine-timeline">
        <li>
          <strong>Trigger:</strong> {run.trigger.description}
        </li>
        {run.conditions.map((condition) => (
          <li key={`c${condition.index}`} className={condition.holds ? 'is-ok' : 'is-failed'}>
            <strong>{condition.index < 0 ? 'Not run' : `Condition ${condition.index + 1}`}:</strong> {condition.holds ? '✓' : '✗'} {condition.reason}
          </li>
        ))}
        {run.actions.map((action) => (
          <li key={`a${action.index}`} className={`is-${action.outcome}`}>
            <strong>
              Action {action.index + 1} ({action.type}):
            </strong>{' '}
            {action.outcome} — {action.message} <span className="muted">({seconds(action.startedAt, action.finishedAt)})</span>
          </li>
        ))}
      </ol>
    </li>
  );
}

/** The last 50 runs of a routine, newest first. */
export function RunTimeline({ vesselId, routineId }: { vesselId: number; routineId: number }) {
  const runs = useQuery(routineQueries.runs(vesselId, routineId));
  return (
    <section className="routine-runs" aria-label="Runs">
      <DelayedSpinner loading={runs.isPending} label="Loading runs…" />
      {runs.isError ? (
        <p className="form-error" role="alert">
          The runs could not be loaded.{' '}
          <button type="button" className="link-button" onClick={() => void runs.refetch()}>
            Try again
          </button>
        </p>
      ) : null}
      {runs.isSuccess && runs.data.length === 0 ? <p className="empty-state">This routine has not run yet.</p> : null}
      <ol className="routine-run-list">
        {(runs.data ?? []).map((run) => (
          <RunEntry key={run.id} run={run} />
        ))}
      </ol>
    </section>
  );
}
