import { useState } from 'react';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { ActiveAlerts } from './ActiveAlerts';
import { AlarmDetail } from './AlarmDetail';
import { AlertHistory } from './AlertHistory';
import { AlertLog } from './AlertLog';
import { CustomAlerts } from './CustomAlerts';
import './alerts.css';

const VIEWS = ['active', 'history', 'log', 'custom'] as const;
type View = (typeof VIEWS)[number];

interface Props {
  vesselId: number;
  /** The alarm whose detail and deliveries are open, above the views. */
  alertId?: number;
  /** alertManager MANAGE: acknowledge, silence, notes, custom alerts. */
  canManage: boolean;
  /** userManager VIEW: the log names members instead of numbers. */
  canSeeMembers?: boolean;
  /** deviceManager VIEW: the devices (alert log, notes, custom alerts' properties) can be read. */
  canSeeDevices?: boolean;
}

/** The vessel's Alerts tab (docs/product.md, alarms): an alarm's detail when one is open, the link to the monthly report, active alarms, history, the alert log and custom alerts. */
export function AlertsTab({ vesselId, alertId, canManage, canSeeMembers = false, canSeeDevices = true }: Props) {
  const [view, setView] = useState<View>('active');
  const { t } = useTranslation('alerts');
  return (
    <div className="alerts">
      {alertId !== undefined ? <AlarmDetail vesselId={vesselId} alertId={alertId} /> : null}
      <p className="alerts__report-link">
        <Link to="/dashboard/vessels/$vesselId/alerts/report" params={{ vesselId }}>
          {t('tab.monthlyReport')}
        </Link>
      </p>
      <div className="segmented segmented--wrap" role="group" aria-label={t('tab.view')}>
        {VIEWS.map((option) => (
          <button
            key={option}
            type="button"
            className={`segmented__item${view === option ? ' is-selected' : ''}`}
            aria-pressed={view === option}
            onClick={() => setView(option)}
          >
            {t(`tab.views.${option}`)}
          </button>
        ))}
      </div>
      {view === 'active' ? <ActiveAlerts vesselId={vesselId} canManage={canManage} canSeeDevices={canSeeDevices} /> : null}
      {view === 'history' ? <AlertHistory vesselId={vesselId} /> : null}
      {view === 'log' ? <AlertLog vesselId={vesselId} canManage={canManage} canSeeMembers={canSeeMembers} canSeeDevices={canSeeDevices} /> : null}
      {view === 'custom' ? <CustomAlerts vesselId={vesselId} canManage={canManage} canSeeDevices={canSeeDevices} /> : null}
    </div>
  );
}
