import { useId, useState, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../i18n';
import type { ChartLevel, ChartMarker } from './levels';
import { bandPath, linearScale, linePath, lonePoints, nearestIndex, niceTicks, timeDomain, timeTicks, valueExtent, type ChartPoint } from './scale';
import './charts.css';

interface LineChartProps {
  points: ChartPoint[];
  /** The display unit, e.g. "°C". */
  unit: string;
  label: string;
  formatTime: (t: number) => string;
  decimals?: number;
  /** Horizontal lines (warning levels), drawn across the chart and kept in view. */
  levels?: ChartLevel[];
  /** Given: the levels can be dragged with a pointer; called with the level's key and its new value. */
  onLevelDrag?: (key: string, value: number) => void;
  /** Moments marked on the time axis (alerts raised and cleared). */
  markers?: ChartMarker[];
}

const WIDTH = 480;
const HEIGHT = 220;
const MARGIN = { top: 12, right: 12, bottom: 28, left: 48 };
/** About the width of a time label ("24/11 05:25"): closer labels would overlap. */
const TIME_LABEL_GAP = 110;

/** A little air above and below the line. */
function padded(extent: [number, number] | null): [number, number] | null {
  if (!extent) return null;
  const pad = (extent[1] - extent[0]) * 0.08;
  return [extent[0] - pad, extent[1] + pad];
}

export function LineChart({ points, unit, label, formatTime, decimals = 1, levels = [], onLevelDrag, markers = [] }: LineChartProps) {
  const { t: translate } = useTranslation('charts');
  const locale = useLocale();
  const [hover, setHover] = useState<number | null>(null);
  /** The level being dragged, and the value scale frozen while it moves (so the scale does not chase the line). */
  const [drag, setDrag] = useState<{ key: string; extent: [number, number] } | null>(null);
  const titleId = useId();
  const values = points.map((point) => point.v).filter((value): value is number => value !== null);
  const band = points.some((point) => point.low !== undefined && point.high !== undefined);
  const spread = band ? points.flatMap((point) => (point.v === null ? [] : [point.low ?? point.v, point.high ?? point.v])) : [];
  const yExtent = drag?.extent ?? padded(valueExtent([...values, ...spread, ...levels.map((level) => level.value)]));

  if (!yExtent || points.length === 0) {
    return <p className="chart-empty">{translate('chart.empty')}</p>;
  }

  const ticks = niceTicks(yExtent[0], yExtent[1]);
  // Enough digits that two ticks never read the same (82.75 and 82.8 are not both "82.8").
  const tickDigits = ticks.length > 1 ? Math.max(decimals, Math.ceil(-Math.log10(ticks[1] - ticks[0]) - 1e-9)) : decimals;
  const tickLabels = ticks.map((tick) => tick.toLocaleString(locale, { maximumFractionDigits: Math.max(0, tickDigits) }));
  // Room for the longest value label (about 7 units a character) left of the plot.
  const left = Math.max(MARGIN.left, Math.max(...tickLabels.map((text) => text.length)) * 7 + 10);
  const domain = timeDomain(points);
  const x = linearScale(domain, [left, WIDTH - MARGIN.right]);
  const y = linearScale(yExtent, [HEIGHT - MARGIN.bottom, MARGIN.top]);
  const ticksOfTime = timeTicks(domain, x, TIME_LABEL_GAP);
  const show = (value: number) =>
    `${value.toLocaleString(locale, { minimumFractionDigits: decimals, maximumFractionDigits: decimals, useGrouping: false })} ${unit}`.trim();
  const hovered = hover !== null ? points[hover] : null;
  const last = [...points].reverse().find((point) => point.v !== null);

  const valueAt = (event: PointerEvent<SVGSVGElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    const svgY = ((event.clientY - box.top) / box.height) * HEIGHT;
    const [low, high] = yExtent;
    const raw = low + ((HEIGHT - MARGIN.bottom - svgY) / (HEIGHT - MARGIN.bottom - MARGIN.top)) * (high - low);
    return Number(Math.min(high, Math.max(low, raw)).toFixed(decimals));
  };

  const onPointerMove = (event: PointerEvent<SVGSVGElement>) => {
    if (drag && onLevelDrag) {
      onLevelDrag(drag.key, valueAt(event));
      return;
    }
    const box = event.currentTarget.getBoundingClientRect();
    const svgX = ((event.clientX - box.left) / box.width) * WIDTH;
    const t = domain[0] + ((svgX - left) / (WIDTH - left - MARGIN.right)) * (domain[1] - domain[0]);
    setHover(nearestIndex(points, t));
  };

  return (
    <figure className="chart">
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-labelledby={titleId}
        className={drag ? 'is-dragging' : undefined}
        onPointerMove={onPointerMove}
        onPointerUp={() => setDrag(null)}
        onPointerCancel={() => setDrag(null)}
        onPointerLeave={() => setHover(null)}
      >
        <title id={titleId}>
          {translate('chart.summary', {
            label,
            min: show(Math.min(...values)),
            max: show(Math.max(...values)),
            start: formatTime(points[0].t),
            end: formatTime(points[points.length - 1].t),
          })}
        </title>
        {ticks.map((tick, index) => (
          <g key={tick} className="chart__grid">
            <line x1={left} x2={WIDTH - MARGIN.right} y1={y(tick)} y2={y(tick)} />
            <text x={left - 6} y={y(tick)} dy="0.32em" textAnchor="end">
              {tickLabels[index]}
            </text>
          </g>
        ))}
        {ticksOfTime.map((t) => (
          <text key={t} className="chart__time" x={x(t)} y={HEIGHT - 8} textAnchor={t === domain[0] ? 'start' : t === domain[1] ? 'end' : 'middle'}>
            {formatTime(t)}
          </text>
        ))}
        {markers.map((marker, index) => (
          <g key={`${marker.t}-${index}`} className={`chart__marker chart__marker--${marker.kind}`}>
            <line x1={x(marker.t)} x2={x(marker.t)} y1={MARGIN.top} y2={HEIGHT - MARGIN.bottom} />
            <title>{translate('chart.markerAt', { label: marker.label, time: formatTime(marker.t) })}</title>
            <path d={`M${x(marker.t) - 5},${MARGIN.top} h10 l-5,7 z`} />
          </g>
        ))}
        {band ? <path className="chart__band" d={bandPath(points, x, y)} /> : null}
        <path className="chart__line" d={linePath(points, x, y)} />
        {lonePoints(points).map((point) => (
          <circle key={point.t} className="chart__dot" cx={x(point.t)} cy={y(point.v)} r={3} />
        ))}
        {levels.map((level) => (
          <g key={level.key} className={`chart__level chart__level--${level.tone}${onLevelDrag ? ' is-draggable' : ''}`}>
            <line x1={left} x2={WIDTH - MARGIN.right} y1={y(level.value)} y2={y(level.value)} />
            <text x={WIDTH - MARGIN.right - 4} y={y(level.value) - 4} textAnchor="end">
              {`${level.label} ${show(level.value)}`}
            </text>
            {onLevelDrag ? (
              <rect
                className="chart__level-handle"
                x={left}
                y={y(level.value) - 8}
                width={WIDTH - left - MARGIN.right}
                height={16}
                onPointerDown={(event) => {
                  event.preventDefault();
                  event.currentTarget.ownerSVGElement?.setPointerCapture(event.pointerId);
                  setDrag({ key: level.key, extent: yExtent });
                }}
              />
            ) : null}
          </g>
        ))}
        {hovered && hovered.v !== null ? (
          <g className="chart__hover">
            <line x1={x(hovered.t)} x2={x(hovered.t)} y1={MARGIN.top} y2={HEIGHT - MARGIN.bottom} />
            <circle cx={x(hovered.t)} cy={y(hovered.v)} r={4} />
          </g>
        ) : null}
      </svg>
      <figcaption className="chart__caption">
        {hovered && hovered.v !== null ? (
          <span>
            {formatTime(hovered.t)}: <strong>{show(hovered.v)}</strong>
          </span>
        ) : (
          <span>
            {translate('chart.min')} <strong>{show(Math.min(...values))}</strong> · {translate('chart.max')} <strong>{show(Math.max(...values))}</strong>
            {last && last.v !== null ? (
              <>
                {' '}
                · {translate('chart.last')} <strong>{show(last.v)}</strong>
              </>
            ) : null}
          </span>
        )}
      </figcaption>
    </figure>
  );
}
