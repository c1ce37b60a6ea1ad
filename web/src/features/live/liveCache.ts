import type { QueryClient } from '@tanstack/react-query';
import type { Alert } from '../alerts/types';
import { writeCommandStatus } from '../devices/queries';
import type { Device } from '../devices/types';
import type { Location } from '../location/types';
import { vesselKeys } from '../vessels/queries';
import type { VesselDetail, VesselSummary } from '../vessels/types';
import { applyBatch, applyOnline, applyPositions, appendToTrack, upsertAlert, type LiveEvent, type LiveOnline } from './liveEvents';

function setOnline(queryClient: QueryClient, vesselId: number, online: LiveOnline) {
  queryClient.setQueryData<VesselDetail>(vesselKeys.detail(vesselId), (vessel) => applyOnline(vessel, online));
  queryClient.setQueryData<VesselSummary[]>(vesselKeys.all, (vessels) =>
    vessels?.map((vessel) => (vessel.id === vesselId ? (applyOnline(vessel, online) ?? vessel) : vessel)),
  );
}

/**
 * Merges one live event into the TanStack Query cache so every view of the vessel updates
 * without reloading. A batch is one update of each entry it touches (devices, location, every
 * cached track), so a view never renders half a batch. Every `hello`, the first one too, reads
 * again what is cached: the page's first requests race the stream's opening, and an alarm raised
 * between the two would otherwise never reach the banner; after a reconnection, whatever happened
 * while the stream was down is fetched again (the messaging stream does the same).
 */
/** The geofence alarm's path (the server's alerts/geofence/watch.ts). */
const GEOFENCE_ALERT_PATH = 'notifications.navigation.geofence';

export function applyLiveEvent(queryClient: QueryClient, vesselId: number, event: LiveEvent): void {
  switch (event.type) {
    case 'hello':
      setOnline(queryClient, vesselId, event.data);
      for (const section of ['devices', 'alerts', 'location', 'locationHistory', 'commands']) {
        void queryClient.invalidateQueries({ queryKey: vesselKeys.section(vesselId, section) });
      }
      return;
    case 'online':
      setOnline(queryClient, vesselId, event.data);
      return;
    case 'batch': {
      const { values, positions } = event.data;
      if (values.length > 0) {
        queryClient.setQueryData<Device[]>(vesselKeys.section(vesselId, 'devices'), (devices) => applyBatch(devices, values));
      }
      if (positions.length > 0) {
        queryClient.setQueryData<Location | null>(vesselKeys.section(vesselId, 'location'), (location) => applyPositions(location, positions));
        queryClient.setQueriesData<Location[]>({ queryKey: vesselKeys.section(vesselId, 'locationHistory') }, (track) => appendToTrack(track, positions));
      }
      return;
    }
    case 'devices':
      queryClient.setQueryData<Device[]>(vesselKeys.section(vesselId, 'devices'), event.data.devices);
      return;
    case 'alert':
      queryClient.setQueryData<Alert[]>(vesselKeys.section(vesselId, 'alerts'), (alerts) => upsertAlert(alerts, event.data));
      // The fleet's alert counts, the notification centre and the histories come from the server.
      void queryClient.invalidateQueries({ queryKey: vesselKeys.all, exact: true });
      void queryClient.invalidateQueries({ queryKey: ['alerts'] });
      void queryClient.invalidateQueries({ queryKey: vesselKeys.section(vesselId, 'alertLogs') });
      // The Location tab's fence status and way out follow the geofence alarm at once.
      if (event.data.path === GEOFENCE_ALERT_PATH) void queryClient.invalidateQueries({ queryKey: vesselKeys.section(vesselId, 'geofenceRoute') });
      return;
    case 'command':
      // The command's own entry: only the control that sent it follows it.
      writeCommandStatus(queryClient, vesselId, event.data);
      return;
  }
}
