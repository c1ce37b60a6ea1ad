import { useTranslation } from 'react-i18next';
import type { LevelTone } from '../devices/properties';
import './charts.css';

interface GaugeProps {
  label: string;
  /** 0 to 1, or null when the level is unknown. */
  ratio: number | null;
  tone: LevelTone;
  caption?: string;
}

const RADIUS = 50;
const ARC_LENGTH = Math.PI * RADIUS;

/** A half-circle level gauge for tanks and states of charge. */
export function Gauge({ label, ratio, tone, caption }: GaugeProps) {
  const { t } = useTranslation('charts');
  const clamped = ratio === null ? 0 : Math.min(1, Math.max(0, ratio));
  const percent = ratio === null ? '—' : `${Math.round(clamped * 100)} %`;
  return (
    <figure className={`gauge gauge--${ratio === null ? 'unknown' : tone}`}>
      {/* A meter needs a value: an unknown level is a picture saying so (axe's aria-required-attr). */}
      <svg
        viewBox="0 0 120 70"
        {...(ratio === null
          ? { role: 'img', 'aria-label': t('gauge.unknown', { label }) }
          : {
              role: 'meter',
              'aria-label': label,
              'aria-valuemin': 0,
              'aria-valuemax': 100,
              'aria-valuenow': Math.round(clamped * 100),
              'aria-valuetext': percent,
            })}
      >
        <path className="gauge__track" d="M10,60 A50,50 0 0 1 110,60" />
        <path className="gauge__fill" d="M10,60 A50,50 0 0 1 110,60" strokeDasharray={ARC_LENGTH} strokeDashoffset={ARC_LENGTH * (1 - clamped)} />
        <text x="60" y="56" textAnchor="middle" className="gauge__value">
          {percent}
        </text>
      </svg>
      <figcaption>
        <span className="gauge__label">{label}</span>
        {caption ? <span className="gauge__caption">{caption}</span> : null}
      </figcaption>
    </figure>
  );
}
