import { describe, expect, it } from 'vitest';
import { NO_PERMISSIONS } from '../../contracts/permissions';
import { grantSummary, type FleetVessel } from '../../contracts/organisation';
import { sortVessels } from '../../web/src/features/organisation/CompanyHome';

const vessel = (id: number, name: string, ownerName: string, online: boolean, activeAlertCount: number | null): FleetVessel => ({
  id,
  name,
  modelId: null,
  ownerId: id,
  ownerName,
  online,
  lastSeen: null,
  bannerState: online ? 'OK' : 'OFFLINE',
  activeAlertCount,
  paused: false,
  position: null,
  permissions: { ...NO_PERMISSIONS },
});

const fleet = [
  vessel(1, 'Aurora', 'Zoe', true, 0),
  vessel(2, 'Boreas', 'Adam', false, 0),
  vessel(3, 'Calypso', 'Mia', true, 2),
  vessel(4, 'Delta', 'Adam', true, null),
];

describe('the company fleet', () => {
  it('puts the vessels needing the company first: alarms, then offline, then by name', () => {
    expect(sortVessels(fleet, 'attention').map((v) => v.name)).toEqual(['Calypso', 'Boreas', 'Aurora', 'Delta']);
  });

  it('sorts by owner, then vessel name, and by alarms', () => {
    expect(sortVessels(fleet, 'owner').map((v) => v.name)).toEqual(['Boreas', 'Delta', 'Calypso', 'Aurora']);
    expect(sortVessels(fleet, 'alerts')[0].name).toBe('Calypso');
  });

  it('says in words what an owner let the company do', () => {
    expect(grantSummary({ ...NO_PERMISSIONS })).toBe('nothing yet');
    expect(grantSummary({ ...NO_PERMISSIONS, deviceManager: 'MANAGE', alertManager: 'VIEW', allowDeviceControl: true })).toBe(
      'alerts, devices (manage), device control',
    );
  });
});
