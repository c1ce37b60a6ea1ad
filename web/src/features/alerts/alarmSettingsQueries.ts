/** The alarm settings of a vessel and of the signed-in user (docs/api.md, "Alarm settings"). */
import { queryOptions } from '@tanstack/react-query';
import type { AlarmSettings, EscalationStep, NotificationSettings, OwnNotifications, ShelvedPoint } from '../../../../contracts/alarm-settings';
import { api } from '../../lib/api';
import { vesselKeys, vesselPath } from '../vessels/queries';

export const alarmSettingsQueries = {
  settings: (vesselId: number) =>
    queryOptions({ queryKey: vesselKeys.section(vesselId, 'alarmSettings'), queryFn: () => api.get<AlarmSettings>(vesselPath(vesselId, 'alarmSettings')) }),
  own: (vesselId: number) =>
    queryOptions({
      queryKey: vesselKeys.section(vesselId, 'userNotifications'),
      queryFn: () => api.get<OwnNotifications>(vesselPath(vesselId, 'userNotifications')),
    }),
  escalation: (vesselId: number) =>
    queryOptions({
      queryKey: vesselKeys.section(vesselId, 'escalation'),
      queryFn: async () => (await api.get<{ steps: EscalationStep[] }>(vesselPath(vesselId, 'escalation'))).steps,
    }),
  shelved: (vesselId: number) =>
    queryOptions({ queryKey: vesselKeys.section(vesselId, 'alerts/shelved'), queryFn: () => api.get<ShelvedPoint[]>(vesselPath(vesselId, 'alerts/shelved')) }),
  profile: () =>
    queryOptions({ queryKey: ['profile', 'notificationSettings'] as const, queryFn: () => api.get<NotificationSettings>('profile/notificationSettings') }),
};

export const alarmSettingsActions = {
  save: (vesselId: number, change: Partial<AlarmSettings>) => api.put<AlarmSettings>(vesselPath(vesselId, 'alarmSettings'), change),
  setOwn: (vesselId: number, enabled: boolean) => api.post<OwnNotifications>(vesselPath(vesselId, `userNotifications/${enabled}`)),
  saveEscalation: (vesselId: number, steps: EscalationStep[]) => api.put<{ steps: EscalationStep[] }>(vesselPath(vesselId, 'escalation'), { steps }),
  shelve: (vesselId: number, alertId: number, reason: string, until: string) =>
    api.post<unknown>(vesselPath(vesselId, `alerts/${alertId}/shelve`), { reason, until }),
  unshelve: (vesselId: number, alertId: number) => api.post<unknown>(vesselPath(vesselId, `alerts/${alertId}/unshelve`)),
  saveProfile: (settings: NotificationSettings) => api.post<NotificationSettings>('profile/notificationSettings', settings),
};
