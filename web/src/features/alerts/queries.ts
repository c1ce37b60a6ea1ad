import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { vesselKeys, vesselPath } from '../vessels/queries';
import { sortAlerts, type Alert } from './types';

export const alertQueries = {
  list: (vesselId: number) =>
    queryOptions({
      queryKey: vesselKeys.section(vesselId, 'alerts'),
      queryFn: async () => sortAlerts(await api.get<Alert[]>(vesselPath(vesselId, 'alerts'))),
    }),
};

export const alertActions = {
  acknowledge: (vesselId: number, alertId: number) => api.post<unknown>(vesselPath(vesselId, `alerts/${alertId}/ack`)),
  silence: (vesselId: number, alertId: number) => api.post<unknown>(vesselPath(vesselId, `alerts/${alertId}/silence`)),
  silenceAll: (vesselId: number) => api.post<unknown>(vesselPath(vesselId, 'alerts/silenceAll')),
};
