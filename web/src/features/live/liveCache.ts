import type { QueryClient } from '@tanstack/react-query';
import type { Alert } from '../alerts/types';
import type { Device } from '../devices/types';
import type { Location } from '../location/types';
import { vesselKeys } from '../vessels/queries';
import type { VesselDetail, VesselSummary } from '../vessels/types';
import { applyOnline, applyValue, applyValueToLocation, upsertAlert, type LiveEvent, type LiveOnline } from './liveEvents';
import type { CommandBus } from '../devices/commandBus';

function setOnline(queryClient: QueryClient, vesselId: string, online: LiveOnline) {
  queryClient.setQueryData<VesselDetail>(vesselKeys.detail(vesselId), (vessel) => applyOnline(vessel, online));
  queryClient.setQueryData<VesselSummary[]>(vesselKeys.all, (vessels) =>
    vessels?.map((vessel) => (String(vessel.id) === vesselId ? (applyOnline(vessel, online) ?? vessel) : vessel)),
  );
}

/**
 * Merges one live event into the TanStack Query cache so every view of the vessel updates
 * without reloading. `resync` is true for the `hello` of a reconnection: what happened while
 * the stream was down is fetched again.
 */
export function applyLiveEvent(
  queryClient: QueryClient,
  vesselId: string,
  event: LiveEvent,
  options: { commandBus?: CommandBus; resync?: boolean } = {},
): void {
  switch (event.type) {
    case 'hello':
      setOnline(queryClient, vesselId, event.data);
      if (options.resync) {
        void queryClient.invalidateQueries({ queryKey: vesselKeys.section(vesselId, 'devices') });
        void queryClient.invalidateQueries({ queryKey: vesselKeys.section(vesselId, 'alerts') });
        void queryClient.invalidateQueries({ queryKey: vesselKeys.section(vesselId, 'location') });
      }
      return;
    case 'online':
      setOnline(queryClient, vesselId, event.data);
      return;
    case 'value':
      queryClient.setQueryData<Device[]>(vesselKeys.section(vesselId, 'devices'), (devices) => applyValue(devices, event.data));
      queryClient.setQueryData<Location | null>(vesselKeys.section(vesselId, 'location'), (location) =>
        applyValueToLocation(location, event.data),
      );
      return;
    case 'devices':
      queryClient.setQueryData<Device[]>(vesselKeys.section(vesselId, 'devices'), event.data.devices);
      return;
    case 'alert':
      queryClient.setQueryData<Alert[]>(vesselKeys.section(vesselId, 'alerts'), (alerts) => upsertAlert(alerts, event.data));
      // The fleet's alert counts come from the server.
      void queryClient.invalidateQueries({ queryKey: vesselKeys.all, exact: true });
      return;
    case 'command':
      options.commandBus?.publish(vesselId, event.data);
      return;
  }
}
