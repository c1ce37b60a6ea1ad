import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { Icon } from '../icons/Icon';
import { PRIORITY_ICONS } from './PriorityBadge';
import { useAlertActions } from './useAlertActions';
import { alarmText, bannerAlarms, PRIORITY_LABELS, priorityOf, statusOf, type Alert } from './types';
import './alerts.css';

interface Props {
  vesselId: number;
  alerts: Alert[] | undefined;
  canManage: boolean;
}

/**
 * The banner on every screen of a vessel while an alarm or emergency waits for acknowledgement
 * (docs/product.md, alarms): the most urgent one in words, how many more, and the
 * acknowledgement itself for members with alertManager MANAGE. It goes once all are acknowledged.
 */
export function AlarmBanner({ vesselId, alerts, canManage }: Props) {
  const { acknowledge } = useAlertActions(vesselId);
  const { t } = useTranslation('alerts');
  const waiting = bannerAlarms(alerts);
  if (waiting.length === 0) return null;
  const first = waiting[0];
  const priority = priorityOf(first);
  const more = waiting.length - 1;
  const rectified = statusOf(first) === 'rectified-unacknowledged';
  return (
    <div className={`alarm-banner alarm-banner--${priority}`} role="alert" data-testid="alarm-banner">
      <Icon name={PRIORITY_ICONS[priority]} size={24} />
      <p className="alarm-banner__text">
        {t(rectified ? 'banner.alarmRectified' : 'banner.alarm', { priority: PRIORITY_LABELS[priority], alarm: alarmText(first) })}
        {more > 0 ? ` · ${t('banner.moreWaiting', { count: more })}` : ''}
      </p>
      {canManage ? (
        <button type="button" className="button button--small" disabled={acknowledge.isPending} onClick={() => acknowledge.mutate(first.id)}>
          {t('banner.acknowledge')}
        </button>
      ) : null}
      <Link to="/dashboard/vessels/$vesselId/alerts" params={{ vesselId }}>
        {t('banner.openAlerts')}
      </Link>
    </div>
  );
}
