import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { ALARM_REPORT_MONTH_PATTERN, type AlarmReport, CHANNEL_NAMES, durationText, monthName } from '../../../../contracts/alarm-report';
import { DELIVERY_CHANNELS } from '../../../../contracts/deliveries';
import { TextField } from '../forms/Field';
import { DelayedSpinner } from '../loading/DelayedSpinner';
import { useFormatters } from '../profile/usePreferences';
import { isApiError } from '../../lib/api';
import { PriorityBadge } from './PriorityBadge';
import { alertQueries } from './queries';
import { ALERT_PRIORITIES } from './types';
import './alarm-report.css';

interface Props {
  vesselId: number;
  /** `YYYY-MM`; undefined: the last full month (the server's choice, in the owner's time zone). */
  month: string | undefined;
  onMonth: (month: string | undefined) => void;
}

/** A vessel's monthly alarm report (docs/product.md, "Alarms"): a month picker, the figures in words, bars per priority and channel. */
export function AlarmReportPage({ vesselId, month, onMonth }: Props) {
  const report = useQuery(alertQueries.report(vesselId, month));
  const shown = report.data;
  return (
    <section className="alarm-report" aria-labelledby="alarm-report-title">
      <p className="alarm-report__back">
        <Link to="/dashboard/vessels/$vesselId/alerts" params={{ vesselId }}>
          ← Alerts
        </Link>
      </p>
      <h2 id="alarm-report-title">Monthly alarm report</h2>
      <form className="alarm-report__picker" aria-label="Choose the month" onSubmit={(event) => event.preventDefault()}>
        <TextField
          label="Month"
          type="month"
          value={month ?? shown?.month ?? ''}
          hint={shown ? `Months run in the owner's time zone (${shown.timeZone}).` : undefined}
          onChange={(event) => onMonth(ALARM_REPORT_MONTH_PATTERN.test(event.target.value) ? event.target.value : undefined)}
        />
      </form>
      <DelayedSpinner loading={report.isFetching} label="Loading the report…" />
      {report.isError ? (
        <p className="form-error" role="alert">
          {isApiError(report.error) && report.error.status === 400 ? (report.error.serverMessage ?? report.error.message) : 'The report could not be loaded.'}{' '}
          <button type="button" className="link-button" onClick={() => void report.refetch()}>
            Try again
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
  const ack = r.acknowledgement;
  const name = monthName(r.month);
  if (isQuiet(r))
    return (
      <p className="empty-state">
        No alarms in {name}
        {r.complete ? '' : ' so far'}.
      </p>
    );
  return (
    <div className="alarm-report__figures" aria-live="polite">
      <p className="alarm-report__summary">
        {r.complete ? null : <strong>{name} is still under way: these are the figures so far. </strong>}
        In {name}, {r.raised.total} alarm{r.raised.total === 1 ? ' was' : 's were'} raised on {r.vesselName}
        {ack.acknowledged ? `; those acknowledged took ${durationText(ack.medianSeconds!)} at the median, ${durationText(ack.worstSeconds!)} at worst` : ''}
        {ack.neverAcknowledged ? `; ${ack.neverAcknowledged} ${ack.neverAcknowledged === 1 ? 'was' : 'were'} never acknowledged` : ''}.
      </p>

      <div className="alarm-report__grid">
        <section className="alarm-report__card" aria-labelledby="report-priority-title">
          <h3 id="report-priority-title">Alarms by priority</h3>
          <Bars
            label="Alarms by priority"
            rows={ALERT_PRIORITIES.map((p) => ({ key: p, name: <PriorityBadge priority={p} />, value: r.raised.byPriority[p], tone: p }))}
          />
        </section>

        <section className="alarm-report__card" aria-labelledby="report-ack-title">
          <h3 id="report-ack-title">Time to acknowledge</h3>
          <dl className="alarm-report__facts">
            <dt>Median</dt>
            <dd>{ack.medianSeconds === null ? '–' : durationText(ack.medianSeconds)}</dd>
            <dt>Worst</dt>
            <dd>{ack.worstSeconds === null ? '–' : durationText(ack.worstSeconds)}</dd>
            <dt>Acknowledged</dt>
            <dd>{ack.acknowledged}</dd>
            <dt>Never acknowledged</dt>
            <dd>{ack.neverAcknowledged}</dd>
          </dl>
        </section>

        <section className="alarm-report__card" aria-labelledby="report-channel-title">
          <h3 id="report-channel-title">Notifications sent</h3>
          <Bars
            label="Notifications by channel"
            rows={DELIVERY_CHANNELS.map((c) => {
              const { sent, failed } = r.notifications.byChannel[c];
              return { key: c, name: CHANNEL_NAMES[c], value: sent + failed, tone: 'channel', note: failed ? `${failed} failed` : undefined };
            })}
          />
        </section>
      </div>

      <section className="alarm-report__card" aria-labelledby="report-chattering-title">
        <h3 id="report-chattering-title">Chattering alarms</h3>
        <p className="muted">On and off three times or more within a minute (ISA-18.2): worth a delay or a deadband.</p>
        {r.chattering.length === 0 ? (
          <p>None.</p>
        ) : (
          <ul className="alarm-report__list">
            {r.chattering.map((c) => (
              <li key={`${c.origin} ${c.path}`}>
                <strong>{c.text}</strong> — {c.transitions} changes, up to {c.mostInAMinute} in a minute; {c.alarms} alarm{c.alarms === 1 ? '' : 's'} raised
                <span className="muted"> · {c.path}</span>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section className="alarm-report__card" aria-labelledby="report-standing-title">
        <h3 id="report-standing-title">Standing alarms</h3>
        <p className="muted">Active for more than 24 hours (ISA-18.2).</p>
        {r.standing.length === 0 ? (
          <p>None.</p>
        ) : (
          <ul className="alarm-report__list">
            {r.standing.map((s) => (
              <li key={s.alertId}>
                <PriorityBadge priority={s.priority} /> <strong>{s.text}</strong> — {durationText(Math.round(s.activeHours * 3600))}
                {s.clearedAt ? `, cleared ${format.dateTime(s.clearedAt)}` : ', still active'}
                <span className="muted"> · raised {format.dateTime(s.raisedAt)}</span>
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
