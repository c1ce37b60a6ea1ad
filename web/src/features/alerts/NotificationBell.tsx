import { useEffect, useRef, useState } from 'react';
import { Link, useLocation } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Icon } from '../icons/Icon';
import { useFormatters } from '../profile/usePreferences';
import { vesselQueries } from '../vessels/queries';
import { ALERT_PRIORITIES } from '../../../../contracts/alerts';
import { alarmSettingsQueries } from './alarmSettingsQueries';
import { PriorityBadge } from './PriorityBadge';
import { alertQueries } from './queries';
import { alarmText, needsAcknowledgement, priorityOf, statusText } from './types';
import './alerts.css';

const SHOWN = 6;

/**
 * The notification centre in the top bar: how many alarms across the user's vessels wait for
 * acknowledgement (GET alerts/active, polled and refreshed by the live streams), and the latest
 * ones, each linking to its vessel's alerts.
 */
export function NotificationBell() {
  const format = useFormatters();
  const { t } = useTranslation('alerts');
  const [open, setOpen] = useState(false);
  const wrap = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const { pathname } = useLocation();
  const active = useQuery(alertQueries.active());
  const vessels = useQuery(vesselQueries.list());
  // The in-app channel's minimum priority (Profile › Notifications): less urgent alarms stay on
  // the vessel's Alerts tab and the fleet's alerts page, but neither count nor show here.
  const settings = useQuery(alarmSettingsQueries.profile());
  const floor = ALERT_PRIORITIES.indexOf(settings.data?.minPriority.inApp ?? 'caution');
  const alerts = (active.data ?? []).filter((alert) => ALERT_PRIORITIES.indexOf(priorityOf(alert)) <= floor);
  const unread = alerts.filter(needsAcknowledgement).length;
  const nameOf = (vesselId: number | undefined) => vessels.data?.find((vessel) => vessel.id === vesselId)?.name ?? t('fleet.aVessel');

  useEffect(() => setOpen(false), [pathname]);
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpen(false);
        button.current?.focus();
      }
    };
    const onClick = (event: MouseEvent) => {
      if (wrap.current && !wrap.current.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('mousedown', onClick);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('mousedown', onClick);
    };
  }, [open]);

  const label = unread > 0 ? t('bell.waiting', { count: unread }) : t('bell.active', { count: alerts.length });
  return (
    <div className="bell-wrap" ref={wrap}>
      <button
        ref={button}
        type="button"
        className="icon-button bell"
        aria-label={label}
        title={label}
        aria-expanded={open}
        aria-controls="notification-centre"
        onClick={() => setOpen((current) => !current)}
      >
        <Icon name="bell" />
        {unread > 0 ? (
          <span className="bell__count" aria-hidden="true" data-testid="bell-count">
            {unread > 99 ? '99+' : unread}
          </span>
        ) : null}
      </button>
      {open ? (
        <div id="notification-centre" className="bell__panel" role="region" aria-label={t('bell.latest')}>
          <h2>{t('bell.latest')}</h2>
          {active.isPending ? <p className="muted">{t('bell.loading')}</p> : null}
          {active.isError ? (
            <p className="form-error" role="alert">
              {t('bell.loadFailed')}
            </p>
          ) : null}
          {active.isSuccess && alerts.length === 0 ? <p className="muted">{t('bell.none')}</p> : null}
          <ul>
            {alerts.slice(0, SHOWN).map((alert) => (
              <li key={alert.id}>
                <PriorityBadge priority={priorityOf(alert)} />{' '}
                {alert.vesselId !== undefined ? (
                  <Link to="/dashboard/vessels/$vesselId/alerts" params={{ vesselId: alert.vesselId }}>
                    {nameOf(alert.vesselId)}
                  </Link>
                ) : null}
                <div>{alarmText(alert)}</div>
                <div className="muted">
                  {statusText(alert, format.time)} · {format.dateTime(alert.raisedAt)}
                </div>
              </li>
            ))}
          </ul>
          <Link to="/dashboard/alerts">{t('bell.all')}</Link>
        </div>
      ) : null}
    </div>
  );
}
