import { useTranslation } from 'react-i18next';
import type { DryRun } from '../../../../contracts/routines';
import { LineChart } from '../charts/LineChart';
import { useFormatters } from '../profile/usePreferences';

/** When the routine would have fired over the range, on a chart of the values it reads, and what it would have done. */
export function DryRunResult({ result }: { result: DryRun }) {
  const { t } = useTranslation('routines');
  const format = useFormatters();
  const markers = result.firings.map((firing) => ({
    t: Date.parse(firing.at),
    kind: 'raised' as const,
    label: firing.holds ? t('dryRun.wouldFire') : t('dryRun.conditionsNotMet'),
  }));
  return (
    <section className="card routine-dry-run" aria-label={t('dryRun.title')}>
      <h3>{t('dryRun.title')}</h3>
      <p className="muted">
        {t('dryRun.summary', {
          from: format.dateTime(result.from),
          to: format.dateTime(result.to),
          count: result.firings.filter((f) => f.holds).length,
        })}
      </p>
      {result.series.map((series) => (
        <LineChart
          key={series.propertyId}
          label={series.path}
          unit={series.units}
          formatTime={(time) => format.time(time)}
          points={series.points.map((p) => ({ t: Date.parse(p.at), v: typeof p.value === 'number' ? p.value : null }))}
          markers={markers}
        />
      ))}
      {result.firings.length === 0 ? <p className="empty-state">{t('dryRun.neverFired')}</p> : null}
      <ol className="routine-timeline">
        {result.firings.map((firing) => (
          <li key={`${firing.at}-${firing.trigger.index}`} className={firing.holds ? 'is-ok' : 'is-failed'}>
            <strong>{t('dryRun.at', { at: format.dateTime(firing.at) })}</strong>{' '}
            {firing.holds
              ? t('dryRun.acts', { trigger: firing.trigger.description, actions: firing.actions.map((a) => a.description).join(t('dryRun.then')) })
              : t('dryRun.notMet', { trigger: firing.trigger.description })}
          </li>
        ))}
      </ol>
      {result.notReplayed.length ? <p className="muted">{t('dryRun.notReplayed', { paths: result.notReplayed.join(', ') })}</p> : null}
    </section>
  );
}
