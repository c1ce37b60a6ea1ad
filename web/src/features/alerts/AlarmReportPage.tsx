import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { ALARM_REPORT_MONTH_PATTERN, type AlarmReport } from '../../../../contracts/alarm-report';
import { DELIVERY_CHANNELS } from '../../../../contracts/deliveries';
import { TextField } from '../forms/Field';
import { DelayedSpinner } from '../loading/DelayedSpinner';
import { useFormatters } from '../profile/usePreferences';
import { isApiError } from '../../lib/api';
import { PriorityBadge } from './PriorityBadge';
import { alertQueries } from './queries';
import { ALERT_PRIORITIES, durationText } from './types';
import './alarm-report.css';

interface Props {
  vesselId: number;
  /** `YYYY-MM`; undefined: the last full month (the server's choice, in the owner's time zone). */
  month: string | undefined;
  onMonth: (month: string | undefined) => void;
}

/** A vessel's monthly alarm report (docs/product.md, "Alarms"): a month picker, the figures in words, bars per priority and channel. */
export function AlarmReportPage({ vesselId, month, onMonth }: Props) {
  const { t } = useTranslation('alerts');
  const report = useQuery(alertQueries.report(vesselId, month));
  const shown = report.data;
  return (
    <section className="alarm-report" aria-labelledby="alarm-report-title">
      <p className="alarm-report__back">
        <Link to="/dashboard/vessels/$vesselId/alerts" params={{ vesselId }}>
          {t('report.back')}
        </Link>
      </p>
      <h2 id="alarm-report-title">{t('report.title')}</h2>
      <form className="alarm-report__picker" aria-label={t('report.chooseMonth')} onSubmit={(event) => event.preventDefault()}>
        <TextField
          label={t('report.month')}
          type="month"
          value={month ?? shown?.month ?? ''}
          hint={shown ? t('report.monthHint', { zone: shown.timeZone }) : undefined}
          onChange={(event) => onMonth(ALARM_REPORT_MONTH_PATTERN.test(event.target.value) ? event.target.value : undefined)}
        />
      </form>
      <DelayedSpinner loading={report.isFetching} label={t('report.loading')} />
      {report.isError ? (
        <p className="form-error" role="alert">
          {isApiError(report.error) && report.error.status === 400 ? (report.error.serverMessage ?? report.error.message) : t('report.loadFailed')}{' '}
          <button type="button" className="link-button" onClick={() => void report.refetch()}>
            {t('report.tryAgain')}
          </button>
        </p>
      ) : null}
      {shown && !report.isError ? <Figures report={shown} /> : null}
    </section>
  );
}

const isQuiet = (r: AlarmReport) => r.raised.total === 0 && r.standing.length === 0 && r.notifications.total === 0;

function Figures({ report: r }: { report: AlarmReport }) {
  const format = useFormatters();
  const { t } = useTranslation('alerts');
  const ack = r.acknowledgement;
  const name = new Date(`${r.month}-15T00:00:00Z`).toLocaleString(format.locale, { month: 'long', year: 'numeric', timeZone: 'UTC' });
  if (isQuiet(r)) return <p className="empty-state">{t(r.complete ? 'report.quiet' : 'report.quietSoFar', { month: name })}</p>;
  const tookPart = ack.acknowledged ? 'ack' : '';
  const neverPart = ack.neverAcknowledged ? (ack.neverAcknowledged === 1 ? 'NeverOne' : 'NeverMore') : '';
  const summaryKey = tookPart ? `${tookPart}${neverPart}` : neverPart ? `never${neverPart.slice('Never'.length)}` : 'plain';
  return (
    <div className="alarm-report__figures" aria-live="polite">
      <p className="alarm-report__summary">
        {r.complete ? null : <strong>{t('report.underWay', { month: name })}</strong>}
        {t(`report.summary.${summaryKey}`, {
          month: name,
          count: r.raised.total,
          vessel: r.vesselName,
          median: ack.acknowledged ? durationText(ack.medianSeconds!) : '',
          worst: ack.acknowledged ? durationText(ack.worstSeconds!) : '',
          never: ack.neverAcknowledged,
        })}
      </p>

      <div className="alarm-report__grid">
        <section className="alarm-report__card" aria-labelledby="report-priority-title">
          <h3 id="report-priority-title">{t('report.byPriority')}</h3>
          <Bars
            label={t('report.byPriority')}
            rows={ALERT_PRIORITIES.map((p) => ({ key: p, name: <PriorityBadge priority={p} />, value: r.raised.byPriority[p], tone: p }))}
          />
        </section>

        <section className="alarm-report__card" aria-labelledby="report-ack-title">
          <h3 id="report-ack-title">{t('report.timeToAck')}</h3>
          <dl className="alarm-report__facts">
            <dt>{t('report.median')}</dt>
            <dd>{ack.medianSeconds === null ? '–' : durationText(ack.medianSeconds)}</dd>
            <dt>{t('report.worst')}</dt>
            <dd>{ack.worstSeconds === null ? '–' : durationText(ack.worstSeconds)}</dd>
            <dt>{t('report.acknowledged')}</dt>
            <dd>{ack.acknowledged}</dd>
            <dt>{t('report.neverAcknowledged')}</dt>
            <dd>{ack.neverAcknowledged}</dd>
          </dl>
        </section>

        <section className="alarm-report__card" aria-labelledby="report-channel-title">
          <h3 id="report-channel-title">{t('report.notificationsSent')}</h3>
          <Bars
            label={t('report.byChannel')}
            rows={DELIVERY_CHANNELS.map((c) => {
              const { sent, failed } = r.notifications.byChannel[c];
              return {
                key: c,
                name: t(`report.channels.${c}`),
                value: sent + failed,
                tone: 'channel',
                note: failed ? t('report.failed', { failed }) : undefined,
              };
            })}
          />
        </section>
      </div>

      <section className="alarm-report__card" aria-labelledby="report-chattering-title">
        <h3 id="report-chattering-title">{t('report.chattering')}</h3>
        <p className="muted">{t('report.chatteringHint')}</p>
        {r.chattering.length === 0 ? (
          <p>{t('report.none')}</p>
        ) : (
          <ul className="alarm-report__list">
            {r.chattering.map((c) => (
              <li key={`${c.origin} ${c.path}`}>
                <strong>{c.text}</strong> — {t('report.chatteringLine', { transitions: c.transitions, most: c.mostInAMinute, count: c.alarms })}
                <span className="muted"> · {c.path}</span>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section className="alarm-report__card" aria-labelledby="report-standing-title">
        <h3 id="report-standing-title">{t('report.standing')}</h3>
        <p className="muted">{t('report.standingHint')}</p>
        {r.standing.length === 0 ? (
          <p>{t('report.none')}</p>
        ) : (
          <ul className="alarm-report__list">
            {r.standing.map((s) => (
              <li key={s.alertId}>
                <PriorityBadge priority={s.priority} /> <strong>{s.text}</strong> —{' '}
                {s.clearedAt
                  ? t('report.standingCleared', { duration: durationText(Math.round(s.activeHours * 3600)), time: format.dateTime(s.clearedAt) })
                  : t('report.standingActive', { duration: durationText(Math.round(s.activeHours * 3600)) })}
                <span className="muted"> · {t('report.raisedAt', { time: format.dateTime(s.raisedAt) })}</span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

interface BarRow {
  key: string;
  name: ReactNode;
  value: number;
  tone: string;
  note?: string;
}

/** Horizontal bars, each with its figure in words beside it (the bar itself is decoration). */
function Bars({ label, rows }: { label: string; rows: BarRow[] }) {
  const most = Math.max(1, ...rows.map((r) => r.value));
  return (
    <ul className="report-bars" aria-label={label}>
      {rows.map((row) => (
        <li key={row.key} className="report-bars__row">
          <span className="report-bars__name">{row.name}</span>
          <span className="report-bars__track" aria-hidden="true">
            <span className={`report-bars__bar report-bars__bar--${row.tone}`} style={{ width: `${(row.value / most) * 100}%` }} />
          </span>
          <span className="report-bars__value">
            {row.value}
            {row.note ? <span className="muted"> ({row.note})</span> : null}
          </span>
        </li>
      ))}
    </ul>
  );
}
