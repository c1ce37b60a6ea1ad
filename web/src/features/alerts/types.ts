import type { Alert } from '../../../../contracts/alerts';

export type { Alert, AlertState } from '../../../../contracts/alerts';

export const isActiveAlert = (alert: Alert) => alert.clearedAt === null && alert.state !== 'normal';

/** Alarm and emergency call for someone to act now; alert and warn for attention. */
export const isCriticalAlert = (alert: Alert) => alert.state === 'alarm' || alert.state === 'emergency';

/** Active alerts first, then the most recently raised. */
export function sortAlerts(alerts: Alert[]): Alert[] {
  return [...alerts].sort((a, b) => {
    const activeOrder = Number(isActiveAlert(b)) - Number(isActiveAlert(a));
    return activeOrder !== 0 ? activeOrder : Date.parse(b.raisedAt) - Date.parse(a.raisedAt);
  });
}
