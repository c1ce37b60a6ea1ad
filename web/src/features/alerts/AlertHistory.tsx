import { useState } from 'react';
import { Link } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { SelectField, TextField } from '../forms/Field';
import { DelayedSpinner } from '../loading/DelayedSpinner';
import { useFormatters, usePreferences } from '../profile/usePreferences';
import { deviceQueries } from '../devices/queries';
import { zonedLocalToIso } from '../../lib/dates';
import { DeliveriesLink } from './ActiveAlerts';
import { PriorityBadge } from './PriorityBadge';
import { alertQueries, HISTORY_PAGE_SIZE, type HistoryFilter } from './queries';
import {
  alarmText,
  ALERT_PRIORITIES,
  ALERT_STATUSES,
  PRIORITY_LABELS,
  priorityOf,
  STATUS_LABELS,
  statusOf,
  statusText,
  type AlertPriority,
  type AlertStatus,
} from './types';

interface Props {
  /** The vessel whose history is shown; without it the history covers every vessel the user may see. */
  vesselId?: number;
  /** For the fleet-wide page: the vessels to filter by, and to name. */
  vessels?: Array<{ id: number; name: string }>;
}

/** Alert history with filters (priority, status, path, time range, nobody reached), newest first, a page at a time (POST alerts/history/page). */
export function AlertHistory({ vesselId, vessels }: Props) {
  const format = useFormatters();
  const { t } = useTranslation('alerts');
  const { timeZone } = usePreferences();
  const devices = useQuery({ ...deviceQueries.list(vesselId ?? 0), enabled: vesselId !== undefined });
  const paths = [...new Set((devices.data ?? []).flatMap((device) => device.properties.map((property) => property.path)))].sort();
  const [priority, setPriority] = useState<AlertPriority | ''>('');
  const [status, setStatus] = useState<AlertStatus | ''>('');
  const [path, setPath] = useState('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [vessel, setVessel] = useState('');
  const [nobodyReached, setNobodyReached] = useState(false);
  const [page, setPage] = useState(0);

  const filter: HistoryFilter = {
    vesselId: vesselId ?? (vessel ? Number(vessel) : undefined),
    priority: priority || undefined,
    status: status || undefined,
    path: path.trim() || undefined,
    from: zonedLocalToIso(from, timeZone),
    to: zonedLocalToIso(to, timeZone),
    nobodyReached: nobodyReached || undefined,
  };
  const history = useQuery(alertQueries.history(filter, page));
  const total = history.data?.totalElements ?? 0;
  const pages = Math.max(1, Math.ceil(total / HISTORY_PAGE_SIZE));
  const nameOf = (id: number | undefined) => vessels?.find((candidate) => candidate.id === id)?.name;
  const changed =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setPage(0);
    };

  return (
    <section aria-labelledby="alert-history-title" className="alerts__section">
      <h2 id="alert-history-title">{t('history.title')}</h2>
      <form className="alerts__filters" aria-label={t('history.filter')} onSubmit={(event) => event.preventDefault()}>
        {vessels ? (
          <SelectField
            label={t('history.vessel')}
            value={vessel}
            placeholder={t('history.allVessels')}
            options={vessels.map((candidate) => ({ value: String(candidate.id), label: candidate.name }))}
            onChange={(event) => changed(setVessel)(event.target.value)}
          />
        ) : null}
        <SelectField
          label={t('history.priority')}
          value={priority}
          placeholder={t('history.anyPriority')}
          options={ALERT_PRIORITIES.map((value) => ({ value, label: PRIORITY_LABELS[value] }))}
          onChange={(event) => changed(setPriority)(event.target.value as AlertPriority | '')}
        />
        <SelectField
          label={t('history.state')}
          value={status}
          placeholder={t('history.anyState')}
          options={ALERT_STATUSES.map((value) => ({ value, label: STATUS_LABELS[value] }))}
          onChange={(event) => changed(setStatus)(event.target.value as AlertStatus | '')}
        />
        <TextField
          label={t('history.path')}
          value={path}
          list={paths.length > 0 ? 'alert-history-paths' : undefined}
          placeholder={t('history.pathPlaceholder')}
          onChange={(event) => changed(setPath)(event.target.value)}
        />
        {paths.length > 0 ? (
          <datalist id="alert-history-paths">
            {paths.map((candidate) => (
              <option key={candidate} value={candidate} />
            ))}
          </datalist>
        ) : null}
        <TextField
          label={t('history.from', { zone: timeZone })}
          type="datetime-local"
          value={from}
          onChange={(event) => changed(setFrom)(event.target.value)}
        />
        <TextField label={t('history.until', { zone: timeZone })} type="datetime-local" value={to} onChange={(event) => changed(setTo)(event.target.value)} />
        <label className="checkbox alerts__filter-check">
          <input type="checkbox" checked={nobodyReached} onChange={(event) => changed(setNobodyReached)(event.target.checked)} /> {t('history.nobodyReached')}
        </label>
      </form>
      <DelayedSpinner loading={history.isFetching} label={t('history.loading')} />
      {history.isError ? (
        <p className="form-error" role="alert">
          {t('history.loadFailed')}{' '}
          <button type="button" className="link-button" onClick={() => void history.refetch()}>
            {t('history.tryAgain')}
          </button>
        </p>
      ) : null}
      {history.isSuccess && total === 0 ? <p className="empty-state">{nobodyReached ? t('history.allReached') : t('history.noMatch')}</p> : null}
      <ul className="alert-list" aria-label={t('history.list')}>
        {(history.data?.content ?? []).map((alert) => {
          const alertPriority = priorityOf(alert);
          const name = nameOf(alert.vesselId);
          return (
            <li
              key={alert.id}
              className={`alert-item alert-item--priority-${alertPriority}${statusOf(alert) === 'cleared' ? ' is-cleared' : ''}`}
              data-testid="history-alert"
            >
              <PriorityBadge priority={alertPriority} />
              <div className="alert-item__body">
                <p className="alert-item__message">{alarmText(alert)}</p>
                <p className="alert-item__status">{statusText(alert, format.time)}</p>
                <p className="muted">
                  {name && alert.vesselId !== undefined ? (
                    <>
                      <Link to="/dashboard/vessels/$vesselId/alerts" params={{ vesselId: alert.vesselId }}>
                        {name}
                      </Link>
                      {' · '}
                    </>
                  ) : null}
                  {alert.path} · {t('history.raised', { time: format.dateTime(alert.raisedAt) })}
                  {alert.clearedAt ? ` · ${t('history.cleared', { time: format.dateTime(alert.clearedAt) })}` : ''}
                  {(vesselId ?? alert.vesselId) !== undefined ? (
                    <>
                      {' · '}
                      <DeliveriesLink vesselId={(vesselId ?? alert.vesselId)!} alert={alert} />
                    </>
                  ) : null}
                </p>
              </div>
            </li>
          );
        })}
      </ul>
      {total > HISTORY_PAGE_SIZE ? (
        <nav className="alerts__pager" aria-label={t('history.pages')}>
          <button type="button" className="button button--small" disabled={page === 0} onClick={() => setPage(page - 1)}>
            {t('history.newer')}
          </button>
          <span>{t('history.page', { page: page + 1, pages })}</span>
          <button type="button" className="button button--small" disabled={page + 1 >= pages} onClick={() => setPage(page + 1)}>
            {t('history.older')}
          </button>
        </nav>
      ) : null}
    </section>
  );
}
