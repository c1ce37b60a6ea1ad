import { describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { applyLiveEvent } from '../../web/src/features/live/liveCache';
import { applyValue, applyValueToLocation, parseLiveEvent, upsertAlert } from '../../web/src/features/live/liveEvents';
import { createCommandBus } from '../../web/src/features/devices/commandBus';
import { vesselKeys } from '../../web/src/features/vessels/queries';
import type { Alert } from '../../web/src/features/alerts/types';
import type { Device } from '../../web/src/features/devices/types';
import type { Location } from '../../web/src/features/location/types';
import { houseBattery, saloonLights } from './fixtures';

const voltage = (value: number, timestamp: string) => ({
  deviceId: 'house-battery',
  propertyId: 'p-voltage',
  path: 'electrical.batteries.house.voltage',
  value,
  timestamp,
});

describe('live events', () => {
  it('parses known events and ignores anything else', () => {
    expect(parseLiveEvent('online', '{"online":false,"lastSeen":null}')).toEqual({ type: 'online', data: { online: false, lastSeen: null } });
    expect(parseLiveEvent('value', 'not json')).toBeNull();
    expect(parseLiveEvent('mystery', '{}')).toBeNull();
  });

  it('moves a property to a newer value', () => {
    const devices = applyValue([houseBattery(), saloonLights()], voltage(12.4, '2026-06-01T10:01:00.000Z'));
    expect(devices?.[0].properties[0]).toMatchObject({ value: 12.4, timestamp: '2026-06-01T10:01:00.000Z' });
    expect(devices?.[0].properties[1].value).toBe(0.8);
  });

  it('keeps the current value when a buffered, older value arrives late', () => {
    const before = [houseBattery()];
    const after = applyValue(before, voltage(11.9, '2026-06-01T09:00:00.000Z'));
    expect(after).toBe(before);
  });

  it('moves the vessel on the map with position, speed and course values', () => {
    const start: Location = { lat: 43.7, lon: 7.42, timestamp: '2026-06-01T10:00:00Z' };
    const moved = applyValueToLocation(start, {
      deviceId: 'gps',
      propertyId: 'p-pos',
      path: 'navigation.position',
      value: { latitude: 43.71, longitude: 7.43 },
      timestamp: '2026-06-01T10:01:00Z',
    });
    expect(moved).toMatchObject({ lat: 43.71, lon: 7.43 });
    const faster = applyValueToLocation(moved, { deviceId: 'gps', propertyId: 'p-sog', path: 'navigation.speedOverGround', value: 3, timestamp: '2026-06-01T10:01:00Z' });
    expect(faster?.speedOverGround).toBe(3);
  });

  it('replaces a changed alert and keeps active alerts first', () => {
    const raised: Alert = { id: 'a1', path: 'notifications.bilge', state: 'alarm', message: 'Bilge', raisedAt: '2026-06-01T10:00:00Z', clearedAt: null, acknowledgedAt: null, silenced: false };
    const older: Alert = { ...raised, id: 'a0', raisedAt: '2026-05-01T10:00:00Z', clearedAt: '2026-05-01T11:00:00Z', state: 'normal' };
    expect(upsertAlert([older], raised).map((alert) => alert.id)).toEqual(['a1', 'a0']);
    const cleared = upsertAlert([raised, older], { ...raised, clearedAt: '2026-06-01T10:30:00Z', state: 'normal' });
    expect(cleared).toHaveLength(2);
    expect(cleared.find((alert) => alert.id === 'a1')?.clearedAt).toBe('2026-06-01T10:30:00Z');
  });
});

describe('live events in the query cache', () => {
  function cache() {
    const queryClient = new QueryClient();
    queryClient.setQueryData(vesselKeys.section('1', 'devices'), [houseBattery()]);
    queryClient.setQueryData(vesselKeys.detail('1'), { id: 1, name: 'Sea Breeze', online: true, lastSeen: '2026-06-01T10:00:00Z' });
    queryClient.setQueryData(vesselKeys.all, [
      { id: 1, name: 'Sea Breeze', online: true, lastSeen: '2026-06-01T10:00:00Z' },
      { id: 2, name: 'Blue Note', online: true, lastSeen: '2026-06-01T10:00:00Z' },
    ]);
    return queryClient;
  }

  it('updates the devices shown without a reload', () => {
    const queryClient = cache();
    applyLiveEvent(queryClient, '1', { type: 'value', data: voltage(12.2, '2026-06-01T10:05:00.000Z') });
    expect(queryClient.getQueryData<Device[]>(vesselKeys.section('1', 'devices'))?.[0].properties[0].value).toBe(12.2);
  });

  it('marks the vessel offline in its page and in the fleet (numeric ids from the API)', () => {
    const queryClient = cache();
    applyLiveEvent(queryClient, '1', { type: 'online', data: { online: false, lastSeen: '2026-06-01T10:06:00Z' } });
    expect(queryClient.getQueryData<{ online: boolean }>(vesselKeys.detail('1'))?.online).toBe(false);
    const fleet = queryClient.getQueryData<Array<{ id: number; online: boolean }>>(vesselKeys.all);
    expect(fleet?.map((vessel) => [vessel.id, vessel.online])).toEqual([
      [1, false],
      [2, true],
    ]);
  });

  it('replaces the inventory when the bridge reports new devices', () => {
    const queryClient = cache();
    applyLiveEvent(queryClient, '1', { type: 'devices', data: { devices: [houseBattery(), saloonLights()] } });
    expect(queryClient.getQueryData<Device[]>(vesselKeys.section('1', 'devices'))).toHaveLength(2);
  });

  it('matches values whose ids come as numbers', () => {
    const devices = [{ ...houseBattery(), id: 7 as unknown as string, properties: houseBattery().properties.map((property, index) => ({ ...property, id: (70 + index) as unknown as string })) }];
    const next = applyValue(devices, { deviceId: '7', propertyId: '70', path: 'electrical.batteries.house.voltage', value: 12.1, timestamp: '2026-06-01T11:00:00.000Z' });
    expect(next?.[0].properties[0].value).toBe(12.1);
  });

  it('hands command outcomes to the control that sent them', () => {
    const bus = createCommandBus();
    const saloon = vi.fn();
    const other = vi.fn();
    bus.subscribe('v1', 'p-saloon', saloon);
    bus.subscribe('v1', 'p-other', other);
    applyLiveEvent(cache(), 'v1', { type: 'command', data: { requestId: 'r1', propertyId: 'p-saloon', state: 'COMPLETED', statusCode: 200 } }, { commandBus: bus });
    expect(saloon).toHaveBeenCalledWith(expect.objectContaining({ state: 'COMPLETED' }));
    expect(other).not.toHaveBeenCalled();
  });

  it('refetches what may have been missed after the stream reconnects', () => {
    const queryClient = cache();
    applyLiveEvent(queryClient, '1', { type: 'hello', data: { vesselId: '1', online: true, lastSeen: null } }, { resync: true });
    expect(queryClient.getQueryState(vesselKeys.section('1', 'devices'))?.isInvalidated).toBe(true);
  });
});
