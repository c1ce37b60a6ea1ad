import type { DryRun } from '../../../../contracts/routines';
import { LineChart } from '../charts/LineChart';
import { useFormatters } from '../profile/usePreferences';

/** When the routine would have fired over the range, on a chart of the values it reads, and what it would have done. */
export function DryRunResult({ result }: { result: DryRun }) {
  const format = useFormatters();
  const markers = result.firings.map((firing) => ({
    t: Date.parse(firing.at),
    kind: 'raised' as const,
    label: firing.holds ? 'Would fire' : 'Conditions not met',
  }));
  return (
    <section className="card routine-dry-run" aria-label="Dry run">
      <h3>Dry run</h3>
      <p className="muted">
        {format.dateTime(result.from)} – {format.dateTime(result.to)}: {result.firings.filter((f) => f.holds).length} time(s) it would have acted. Nothing was
        sent.
      </p>
      {result.series.map((series) => (
        <LineChart
          key={series.propertyId}
          label={series.path}
          unit={series.units}
          formatTime={(t) => format.time(t)}
          points={series.points.map((p) => ({ t: Date.parse(p.at), v: typeof p.value === 'number' ? p.value : null }))}
          markers={markers}
        />
      ))}
      {result.firings.length === 0 ? <p className="empty-state">It would not have fired in this range.</p> : null}
      <ol className="routine-timeline">
        {result.firings.map((firing) => (
          <li key={`${firing.at}-${firing.trigger.index}`} className={firing.holds ? 'is-ok' : 'is-failed'}>
            <strong>{format.dateTime(firing.at)}:</strong> {firing.trigger.description}
            {firing.holds ? ` → ${firing.actions.map((a) => a.description).join(', then ')}` : ' — conditions not met'}
          </li>
        ))}
      </ol>
      {result.notReplayed.length ? <p className="muted">Not replayed (no history of them): {result.notReplayed.join(', ')}.</p> : null}
    </section>
  );
}
