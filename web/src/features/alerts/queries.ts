import { infiniteQueryOptions, keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { vesselKeys, vesselPath } from '../vessels/queries';
import type { AlertLogAction } from '../../../../contracts/alerts';
import type { AlarmReport } from '../../../../contracts/alarm-report';
import type { AlarmDeliveries } from '../../../../contracts/deliveries';
import { sortAlerts, type Alert, type AlertLogEntry, type AlertPriority, type AlertStatus, type CustomAlert, type CustomAlertInput, type Page } from './types';

/** The filter of POST alerts/history/page (docs/api.md "Alerts"). */
export interface HistoryFilter {
  vesselId?: number;
  priority?: AlertPriority;
  status?: AlertStatus;
  path?: string;
  from?: string;
  to?: string;
  /** Only the alarms no delivery reached and no person acknowledged (docs/decisions.md, "Delivery receipts"). */
  nobodyReached?: boolean;
}

export const HISTORY_PAGE_SIZE = 20;

/** Fleet-wide alert queries live under their own key; the vessel's under the vessel. */
export const alertKeys = {
  active: ['alerts', 'active'] as const,
  history: ['alerts', 'history'] as const,
};

/** Alert log entries a page. */
export const ALERT_LOG_PAGE_SIZE = 50;

export const alertQueries = {
  list: (vesselId: number) =>
    queryOptions({
      queryKey: vesselKeys.section(vesselId, 'alerts'),
      queryFn: async () => sortAlerts(await api.get<Alert[]>(vesselPath(vesselId, 'alerts'))),
    }),
  /** Every active alert of the user's vessels: the bell's count, refreshed by polling and by live events. */
  active: () =>
    queryOptions({
      queryKey: alertKeys.active,
      queryFn: async () => sortAlerts(await api.get<Alert[]>('alerts/active')),
      refetchInterval: 30_000,
    }),
  history: (filter: HistoryFilter, page: number) =>
    queryOptions({
      queryKey: [...alertKeys.history, filter, page] as const,
      queryFn: () => api.post<Page<Alert>>('alerts/history/page', { page, size: HISTORY_PAGE_SIZE, sort: 'raisedAt,desc', filter }),
      placeholderData: keepPreviousData,
    }),
  /** An alarm's delivery receipts; under the vessel's alerts, so a live alert change refreshes them. */
  deliveries: (vesselId: number, alertId: number) =>
    queryOptions({
      queryKey: [...vesselKeys.section(vesselId, 'alerts'), alertId, 'deliveries'] as const,
      queryFn: () => api.get<AlarmDeliveries>(vesselPath(vesselId, `alerts/${alertId}/deliveries`)),
    }),
  /** A month's alarm report (`YYYY-MM`; without one, the last full month in the owner's time zone). */
  report: (vesselId: number, month: string | undefined) =>
    queryOptions({
      queryKey: [...vesselKeys.section(vesselId, 'alarmReport'), month ?? 'last'] as const,
      queryFn: () => api.get<AlarmReport>(vesselPath(vesselId, `alerts/report${month ? `?month=${month}` : ''}`)),
      placeholderData: keepPreviousData,
    }),
  deviceLog: (vesselId: number, deviceId: number) =>
    queryOptions({
      queryKey: [...vesselKeys.section(vesselId, 'alertLogs'), deviceId] as const,
      queryFn: () => api.get<AlertLogEntry[]>(`devices/${encodeURIComponent(deviceId)}/alertLogs`),
    }),
  /** A device's alert log a page at a time, newest first (POST devices/alertLogs/page). */
  deviceLogPages: (vesselId: number, deviceId: number, actions: readonly AlertLogAction[] = []) =>
    infiniteQueryOptions({
      queryKey: [...vesselKeys.section(vesselId, 'alertLogs'), deviceId, 'pages', actions] as const,
      queryFn: ({ pageParam }) =>
        api.post<Page<AlertLogEntry>>('devices/alertLogs/page', {
          page: pageParam,
          size: ALERT_LOG_PAGE_SIZE,
          filter: { deviceId, ...(actions.length ? { actions } : {}) },
        }),
      initialPageParam: 0,
      getNextPageParam: (last, pages) => (pages.length * ALERT_LOG_PAGE_SIZE < last.totalElements ? pages.length : undefined),
    }),
  customAlerts: (vesselId: number) =>
    queryOptions({
      queryKey: vesselKeys.section(vesselId, 'customAlerts'),
      queryFn: () => api.get<CustomAlert[]>(vesselPath(vesselId, 'customAlerts')),
    }),
};

export const alertActions = {
  acknowledge: (vesselId: number, alertId: number) => api.post<Alert>(vesselPath(vesselId, `alerts/${alertId}/ack`)),
  silence: (vesselId: number, alertId: number, seconds: number) => api.post<Alert>(vesselPath(vesselId, `alerts/${alertId}/silence`), { seconds }),
  silenceAll: (vesselId: number, seconds: number) => api.post<{ silenced: number }>(vesselPath(vesselId, 'alerts/silenceAll'), { seconds }),
  addNote: (alertLogId: number, messageText: string) => api.post<AlertLogEntry>('devices/alertLogs/addNote', { alertLogId, messageText }),
  createCustom: (vesselId: number, input: CustomAlertInput) => api.post<CustomAlert>(vesselPath(vesselId, 'customAlerts'), input),
  replaceCustom: (vesselId: number, id: number, input: CustomAlertInput) => api.put<CustomAlert>(vesselPath(vesselId, `customAlerts/${id}`), input),
  deleteCustom: (vesselId: number, id: number) => api.delete<{ id: number; deleted: true }>(vesselPath(vesselId, `customAlerts/${id}`)),
  pauseCustom: (vesselId: number, id: number, paused: boolean) =>
    api.post<CustomAlert>(vesselPath(vesselId, `customAlerts/${id}/pause`), undefined, { query: { paused } }),
};
