import { useTranslation } from 'react-i18next';

/** A small inline chart of a short series (oldest first), with its meaning in the accessible name. */
export function Sparkline({ values, label }: { values: readonly number[]; label: string }) {
  const { t } = useTranslation('admin');
  if (values.length < 2) return null;
  const width = 120;
  const height = 32;
  const max = Math.max(...values);
  const min = Math.min(...values);
  const span = max - min || 1;
  const points = values.map(
    (value, index) => `${((index / (values.length - 1)) * width).toFixed(1)},${(height - 2 - ((value - min) / span) * (height - 4)).toFixed(1)}`,
  );
  return (
    <svg
      className="sparkline"
      viewBox={`0 0 ${width} ${height}`}
      width={width}
      height={height}
      role="img"
      aria-label={t('chart.sparkline', { label, from: values[0], to: values[values.length - 1] })}
    >
      <polyline points={points.join(' ')} fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round" strokeLinecap="round" />
    </svg>
  );
}

/** Bars of a daily series (reporting client usage), labelled for screen readers with a table beside. */
export function BarChart({
  values,
  label,
  format,
}: {
  values: ReadonlyArray<{ key: string; value: number }>;
  label: string;
  format: (value: number) => string;
}) {
  const { t } = useTranslation('admin');
  if (values.length === 0) return <p className="empty-state">{t('chart.nothingInPeriod')}</p>;
  const max = Math.max(1, ...values.map((entry) => entry.value));
  const width = 300;
  const height = 80;
  const bar = width / values.length;
  return (
    <figure className="admin-bars">
      <svg
        viewBox={`0 0 ${width} ${height}`}
        role="img"
        aria-label={t('chart.bars', { label, count: values.length, highest: format(max) })}
        preserveAspectRatio="none"
      >
        {values.map((entry, index) => {
          const h = (entry.value / max) * (height - 2);
          return (
            <rect key={entry.key} x={index * bar + 1} y={height - h} width={Math.max(1, bar - 2)} height={h} fill="currentColor">
              <title>{`${entry.key}: ${format(entry.value)}`}</title>
            </rect>
          );
        })}
      </svg>
      <figcaption className="muted">{t('chart.caption', { label, first: values[0].key, last: values[values.length - 1].key })}</figcaption>
    </figure>
  );
}
