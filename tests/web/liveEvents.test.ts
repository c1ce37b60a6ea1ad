import { describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import type { CommandStatus, LiveValue } from '../../contracts/live';
import { applyLiveEvent } from '../../web/src/features/live/liveCache';
import { applyBatch, applyPositions, appendToTrack, isBacklog, parseLiveEvent, upsertAlert } from '../../web/src/features/live/liveEvents';
import { commandKey } from '../../web/src/features/devices/queries';
import { locationQueries } from '../../web/src/features/location/queries';
import { vesselKeys } from '../../web/src/features/vessels/queries';
import type { Alert } from '../../web/src/features/alerts/types';
import type { Device } from '../../web/src/features/devices/types';
import type { Location } from '../../web/src/features/location/types';
import { houseBattery, saloonLights } from './fixtures';

const voltage = (value: number, timestamp: string): LiveValue => ({
  deviceId: 10,
  propertyId: 100,
  path: 'electrical.batteries.house.voltage',
  value,
  timestamp,
});

const charge = (value: number, timestamp: string): LiveValue => ({
  deviceId: 10,
  propertyId: 101,
  path: 'electrical.batteries.house.capacity.stateOfCharge',
  value,
  timestamp,
});

const position = (lat: number, timestamp: string) => ({ lat, lon: 7.42, timestamp });

const commandStatus = (overrides: Partial<CommandStatus>): CommandStatus => ({
  requestId: 'r1',
  propertyId: 200,
  value: 1,
  state: 'CONFIRMED',
  statusCode: 200,
  expiresAt: null,
  updatedAt: '2026-06-01T10:00:00Z',
  ...overrides,
});

describe('live events', () => {
  it('a fresh value takes the stale mark off its property; an older one leaves it', () => {
    const battery = houseBattery();
    const stale: Device = { ...battery, properties: battery.properties.map((p) => ({ ...p, stale: true, timestamp: '2026-06-01T09:00:00Z' })) };
    const [device] = applyBatch([stale], [voltage(12.9, '2026-06-01T10:00:00Z'), charge(0.5, '2026-06-01T08:00:00Z')])!;
    expect(device.properties.find((p) => p.id === 100)).toMatchObject({ value: 12.9, stale: false });
    expect(device.properties.find((p) => p.id === 101)!.stale).toBe(true);
  });

  it('parses known events and ignores anything else', () => {
    expect(parseLiveEvent('online', '{"online":false,"lastSeen":null}')).toEqual({ type: 'online', data: { online: false, lastSeen: null } });
    expect(parseLiveEvent('batch', 'not json')).toBeNull();
    expect(parseLiveEvent('mystery', '{}')).toBeNull();
  });

  it('reads a batch event and ignores event names outside the contract', () => {
    const batch = { values: [voltage(12.4, '2026-06-01T10:01:00.000Z')], positions: [] };
    expect(parseLiveEvent('batch', JSON.stringify(batch))).toEqual({ type: 'batch', data: batch });
    expect(parseLiveEvent('value', JSON.stringify(voltage(12.4, '2026-06-01T10:01:00.000Z')))).toBeNull();
  });

  it('moves several properties to their newer values in one pass', () => {
    const devices = applyBatch([houseBattery(), saloonLights()], [voltage(12.4, '2026-06-01T10:01:00.000Z'), charge(0.75, '2026-06-01T10:01:00.000Z')]);
    expect(devices?.[0].properties.map((property) => property.value)).toEqual([12.4, 0.75]);
    expect(devices?.[1].properties[0].value).toBe(0);
  });

  it('keeps the newest of several values of one property in a batch, whatever their order', () => {
    const devices = applyBatch([houseBattery()], [voltage(12.5, '2026-06-01T10:02:00.000Z'), voltage(12.4, '2026-06-01T10:01:00.000Z')]);
    expect(devices?.[0].properties[0]).toMatchObject({ value: 12.5, timestamp: '2026-06-01T10:02:00.000Z' });
  });

  it('keeps the current value when a buffered, older value arrives late', () => {
    const before = [houseBattery()];
    expect(applyBatch(before, [voltage(11.9, '2026-06-01T09:00:00.000Z')])).toBe(before);
  });

  it('moves the vessel on the map to the newest position of a batch, never back in time', () => {
    const start: Location = { lat: 43.7, lon: 7.42, timestamp: '2026-06-01T10:00:00Z' };
    const moved = applyPositions(start, [position(43.72, '2026-06-01T10:02:00Z'), { ...position(43.71, '2026-06-01T10:01:00Z'), speedOverGround: 3 }]);
    expect(moved).toMatchObject({ lat: 43.72, timestamp: '2026-06-01T10:02:00Z' });
    expect(applyPositions(moved, [position(43.6, '2026-06-01T09:00:00Z')])).toBe(moved);
  });

  it('adds positions to a track in measurement order, late ones into place, none twice', () => {
    const track = [position(43.7, '2026-06-01T10:00:00Z'), position(43.72, '2026-06-01T10:02:00Z')];
    const next = appendToTrack(track, [
      position(43.74, '2026-06-01T10:04:00Z'),
      position(43.71, '2026-06-01T10:01:00Z'),
      position(43.72, '2026-06-01T10:02:00Z'),
    ]);
    expect(next?.map((point) => point.timestamp)).toEqual(['2026-06-01T10:00:00Z', '2026-06-01T10:01:00Z', '2026-06-01T10:02:00Z', '2026-06-01T10:04:00Z']);
  });

  it('replaces a changed alert and keeps active alerts first', () => {
    const raised: Alert = {
      id: 1,
      path: 'notifications.bilge',
      state: 'alarm',
      message: 'Bilge',
      raisedAt: '2026-06-01T10:00:00Z',
      clearedAt: null,
      acknowledgedAt: null,
      silenced: false,
    };
    const older: Alert = { ...raised, id: 0, raisedAt: '2026-05-01T10:00:00Z', clearedAt: '2026-05-01T11:00:00Z', state: 'normal' };
    expect(upsertAlert([older], raised).map((alert) => alert.id)).toEqual([1, 0]);
    const cleared = upsertAlert([raised, older], { ...raised, clearedAt: '2026-06-01T10:30:00Z', state: 'normal' });
    expect(cleared).toHaveLength(2);
    expect(cleared.find((alert) => alert.id === 1)?.clearedAt).toBe('2026-06-01T10:30:00Z');
  });
});

describe('live events in the query cache', () => {
  function cache() {
    const queryClient = new QueryClient();
    queryClient.setQueryData(vesselKeys.section(1, 'devices'), [houseBattery()]);
    queryClient.setQueryData(vesselKeys.detail(1), { id: 1, name: 'Sea Breeze', online: true, lastSeen: '2026-06-01T10:00:00Z' });
    queryClient.setQueryData(vesselKeys.all, [
      { id: 1, name: 'Sea Breeze', online: true, lastSeen: '2026-06-01T10:00:00Z' },
      { id: 2, name: 'Blue Note', online: true, lastSeen: '2026-06-01T10:00:00Z' },
    ]);
    queryClient.setQueryData(vesselKeys.section(1, 'location'), position(43.7, '2026-06-01T10:00:00Z'));
    queryClient.setQueryData(locationQueries.track(1, '24H').queryKey, [position(43.7, '2026-06-01T10:00:00Z')]);
    return queryClient;
  }

  it('merges a batch with one update of the devices, however many properties it moves, and appends its positions in order', () => {
    const queryClient = cache();
    const updates: unknown[] = [];
    const unsubscribe = queryClient.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'success') updates.push(event.query.queryKey);
    });
    applyLiveEvent(queryClient, 1, {
      type: 'batch',
      data: {
        values: [voltage(12.2, '2026-06-01T10:05:00.000Z'), charge(0.7, '2026-06-01T10:05:00.000Z'), voltage(12.3, '2026-06-01T10:06:00.000Z')],
        positions: [position(43.73, '2026-06-01T10:06:00Z'), position(43.71, '2026-06-01T10:05:00Z')],
      },
    });
    unsubscribe();

    const devices = queryClient.getQueryData<Device[]>(vesselKeys.section(1, 'devices'));
    expect(devices?.[0].properties.map((property) => property.value)).toEqual([12.3, 0.7]);
    expect(updates.filter((key) => JSON.stringify(key) === JSON.stringify(vesselKeys.section(1, 'devices')))).toHaveLength(1);
    const track = queryClient.getQueryData<Location[]>(locationQueries.track(1, '24H').queryKey);
    expect(track?.map((point) => point.lat)).toEqual([43.7, 43.71, 43.73]);
    expect(queryClient.getQueryData<Location>(vesselKeys.section(1, 'location'))?.lat).toBe(43.73);
  });

  it("reads the geofence's way out again when the geofence alarm changes, and not for other alarms", () => {
    const queryClient = cache();
    queryClient.setQueryData(vesselKeys.section(1, 'geofenceRoute'), { outsideSince: null, points: [] });
    const alarm: Alert = {
      id: 9,
      path: 'notifications.bilge',
      state: 'alarm',
      message: 'Bilge',
      raisedAt: '2026-06-01T10:00:00Z',
      clearedAt: null,
      acknowledgedAt: null,
      silenced: false,
    };
    const stale = () => queryClient.getQueryState(vesselKeys.section(1, 'geofenceRoute'))?.isInvalidated;
    applyLiveEvent(queryClient, 1, { type: 'alert', data: alarm });
    expect(stale()).toBe(false);
    applyLiveEvent(queryClient, 1, { type: 'alert', data: { ...alarm, id: 10, path: 'notifications.navigation.geofence', message: 'Left the fence' } });
    expect(stale()).toBe(true);
  });

  it('marks the vessel offline in its page and in the fleet', () => {
    const queryClient = cache();
    applyLiveEvent(queryClient, 1, { type: 'online', data: { online: false, lastSeen: '2026-06-01T10:06:00Z' } });
    expect(queryClient.getQueryData<{ online: boolean }>(vesselKeys.detail(1))?.online).toBe(false);
    const fleet = queryClient.getQueryData<Array<{ id: number; online: boolean }>>(vesselKeys.all);
    expect(fleet?.map((vessel) => [vessel.id, vessel.online])).toEqual([
      [1, false],
      [2, true],
    ]);
  });

  it('replaces the inventory when the bridge reports new devices', () => {
    const queryClient = cache();
    applyLiveEvent(queryClient, 1, { type: 'devices', data: { devices: [houseBattery(), saloonLights()] } });
    expect(queryClient.getQueryData<Device[]>(vesselKeys.section(1, 'devices'))).toHaveLength(2);
  });

  it('hands a command outcome only to the control that sent that command', () => {
    const queryClient = cache();
    const mine = vi.fn();
    const otherTab = vi.fn();
    // Each control follows its own command's entry.
    const follow = (requestId: string, listener: (status: CommandStatus | undefined) => void) =>
      queryClient.getQueryCache().subscribe((event) => {
        if (event.type === 'updated' && event.query.queryKey.join() === commandKey(1, requestId).join()) listener(event.query.state.data as CommandStatus);
      });
    follow('r1', mine);
    follow('r2', otherTab);
    applyLiveEvent(queryClient, 1, { type: 'command', data: commandStatus({ requestId: 'r1' }) });
    expect(mine).toHaveBeenCalledWith(expect.objectContaining({ state: 'CONFIRMED' }));
    expect(otherTab).not.toHaveBeenCalled();
  });

  it('refetches what may have been missed before the stream opened or while it was down, at every hello', () => {
    const queryClient = cache();
    queryClient.setQueryData(vesselKeys.section(1, 'alerts'), []);
    applyLiveEvent(queryClient, 1, { type: 'hello', data: { vesselId: 1, online: true, lastSeen: null } });
    expect(queryClient.getQueryState(vesselKeys.section(1, 'alerts'))?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(vesselKeys.section(1, 'devices'))?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(locationQueries.track(1, '24H').queryKey)?.isInvalidated).toBe(true);
  });
});

describe('catching up', () => {
  const now = Date.parse('2026-06-01T12:00:00.000Z');
  const batch = (...timestamps: string[]) => ({
    values: timestamps.map((timestamp) => ({ deviceId: 1, propertyId: 1, path: 'electrical.batteries.0.voltage', value: 12.5, timestamp })),
    positions: [],
  });

  it('takes a batch whose newest value is over two minutes old for backlog from the bridge queue', () => {
    expect(isBacklog(batch('2026-06-01T11:30:00.000Z', '2026-06-01T11:57:59.000Z'), now)).toBe(true);
  });

  it('takes a batch with a recent value for live data', () => {
    expect(isBacklog(batch('2026-06-01T11:30:00.000Z', '2026-06-01T11:59:30.000Z'), now)).toBe(false);
    expect(isBacklog(batch(), now)).toBe(false);
  });
});
