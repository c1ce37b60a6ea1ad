import { queryOptions } from '@tanstack/react-query';
import type { AppImageSlot, AppSetting, AppSettingFields } from '../../../../contracts/vessels';
import { api } from '../../lib/api';
import { vesselKeys, vesselPath } from '../vessels/queries';

export const appSettingQueries = {
  list: (vesselId: number) =>
    queryOptions({
      queryKey: vesselKeys.section(vesselId, 'appSettings'),
      queryFn: () => api.get<AppSetting[]>(vesselPath(vesselId, 'appSettings')),
    }),
};

export const appSettingActions = {
  create: (vesselId: number, fields: AppSettingFields) => api.post<AppSetting>(vesselPath(vesselId, 'appSettings'), fields),
  update: (vesselId: number, id: number, fields: AppSettingFields) =>
    api.put<AppSetting>(vesselPath(vesselId, `appSettings/${encodeURIComponent(id)}`), fields),
  remove: (vesselId: number, id: number) => api.delete<unknown>(vesselPath(vesselId, `appSettings/${encodeURIComponent(id)}`)),
  setImage: (vesselId: number, id: number, slot: AppImageSlot, file: File) => {
    const body = new FormData();
    body.append('darkMode', String(slot.startsWith('dark')));
    body.append('portrait', String(slot.endsWith('Portrait')));
    body.append('file', file);
    return api.post<AppSetting>(vesselPath(vesselId, `appSettings/${encodeURIComponent(id)}/setImage`), body);
  },
};
