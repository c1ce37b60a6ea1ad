import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { vesselKeys, vesselPath } from '../vessels/queries';
import type { Camera, CameraFields } from './types';

export const cameraQueries = {
  list: (vesselId: number) =>
    queryOptions({
      queryKey: vesselKeys.section(vesselId, 'cameras'),
      queryFn: () => api.get<Camera[]>(vesselPath(vesselId, 'cameras')),
    }),
};

export const cameraActions = {
  add: (vesselId: number, fields: CameraFields) => api.post<Camera>(vesselPath(vesselId, 'cameras'), fields),
  update: (vesselId: number, id: number, fields: CameraFields) => api.put<Camera>(vesselPath(vesselId, `cameras/${id}`), fields),
  remove: (vesselId: number, id: number) => api.delete<unknown>(vesselPath(vesselId, `cameras/${id}`)),
};

/** The path of a camera's picture or stream through the server, for an <img> (with a link key: features/links). */
export function cameraPath(vesselId: number, cameraId: number, kind: 'snapshot' | 'stream'): string {
  return vesselPath(vesselId, `cameras/${cameraId}/${kind}`);
}
