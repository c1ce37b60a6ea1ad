import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { RoutineRun } from '../../../../contracts/routines';
import { DelayedSpinner } from '../loading/DelayedSpinner';
import { useFormatters } from '../profile/usePreferences';
import { routineQueries } from './queries';

/** One run as a timeline: what triggered it, each condition with what it saw, each action with its outcome and timing. */
function RunEntry({ run }: { run: RoutineRun }) {
  const { t } = useTranslation('routines');
  const format = useFormatters();
  const seconds = (from: string, to: string) =>
    t('runs.seconds', {
      seconds: ((Date.parse(to) - Date.parse(from)) / 1000).toLocaleString(format.locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 }),
    });
  return (
    <li className={`routine-run routine-run--${run.outcome}`}>
      <p className="routine-run__head">
        <span className={`routine-badge routine-badge--${run.outcome}`}>{t(`outcomes.${run.outcome}`)}</span> {format.dateTime(run.startedAt)}
      </p>
      <ol className="routine-timeline">
        <li>
          <strong>{t('runs.trigger')}</strong> {run.trigger.description}
        </li>
        {run.conditions.map((condition) => (
          <li key={`c${condition.index}`} className={condition.holds ? 'is-ok' : 'is-failed'}>
            <strong>{condition.index < 0 ? t('runs.notRun') : t('runs.condition', { number: condition.index + 1 })}</strong> {condition.holds ? '✓' : '✗'}{' '}
            {condition.reason}
          </li>
        ))}
        {run.actions.map((action) => (
          <li key={`a${action.index}`} className={`is-${action.outcome}`}>
            <strong>{t('runs.action', { number: action.index + 1, type: t(`actionTypes.${action.type}`) })}</strong>{' '}
            {t('runs.actionOutcome', { outcome: t(`actionOutcomes.${action.outcome}`), message: action.message })}{' '}
            <span className="muted">({seconds(action.startedAt, action.finishedAt)})</span>
          </li>
        ))}
      </ol>
    </li>
  );
}

/** The last 50 runs of a routine, newest first. */
export function RunTimeline({ vesselId, routineId }: { vesselId: number; routineId: number }) {
  const { t } = useTranslation('routines');
  const runs = useQuery(routineQueries.runs(vesselId, routineId));
  return (
    <section className="routine-runs" aria-label={t('runs.title')}>
      <DelayedSpinner loading={runs.isPending} label={t('runs.loading')} />
      {runs.isError ? (
        <p className="form-error" role="alert">
          {t('runs.loadFailed')}{' '}
          <button type="button" className="link-button" onClick={() => void runs.refetch()}>
            {t('tryAgain')}
          </button>
        </p>
      ) : null}
      {runs.isSuccess && runs.data.length === 0 ? <p className="empty-state">{t('runs.none')}</p> : null}
      <ol className="routine-run-list">
        {(runs.data ?? []).map((run) => (
          <RunEntry key={run.id} run={run} />
        ))}
      </ol>
    </section>
  );
}
