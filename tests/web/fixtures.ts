import type { Device } from '../../web/src/features/devices/types';
import type { NavigationItem, Preferences, Profile } from '../../web/src/features/profile/types';
import type { SessionUser } from '../../web/src/features/session/types';

export const sessionUser = (overrides: Partial<SessionUser> = {}): SessionUser => ({
  id: 1,
  email: 'skipper@example.com',
  firstName: 'Ada',
  lastName: 'Skipper',
  isAdmin: false,
  corporate: false,
  companyId: null,
  companyKind: null,
  ...overrides,
});

export const profile = (overrides: Partial<Profile> = {}): Profile => ({
  id: 1,
  email: 'skipper@example.com',
  firstName: 'Ada',
  lastName: 'Skipper',
  phone: null,
  countryCode: 'GB',
  languageCode: 'en',
  imageUrl: null,
  isAdmin: false,
  corporate: false,
  companyId: null,
  createdAt: '2026-01-01T00:00:00Z',
  ...overrides,
});

export const preferences: Preferences = { unitSystem: 'imperial', theme: 'dark', timeFormat: '12h', timeZone: 'Europe/London' };

export const navigation: NavigationItem[] = [
  { id: 2, code: 'PROFILE', name: 'My profile', path: '/dashboard/profile', icon: null, menuOrder: 2 },
  { id: 1, code: 'FLEET', name: 'My fleet', path: '/dashboard', icon: null, menuOrder: 1 },
];

export const houseBattery = (): Device => ({
  id: 10,
  name: 'House battery',
  category: 'power',
  manufacturer: 'Victron',
  model: 'BMV-712',
  serial: 'HQ1',
  location: 'Engine room',
  properties: [
    {
      id: 100,
      path: 'electrical.batteries.house.voltage',
      displayName: 'Voltage',
      units: 'V',
      writable: false,
      value: 12.6,
      timestamp: '2026-06-01T10:00:00.000Z',
      warningLevels: null,
      description: null,
      min: null,
      max: null,
      stale: false,
    },
    {
      id: 101,
      path: 'electrical.batteries.house.capacity.stateOfCharge',
      displayName: 'State of charge',
      units: 'ratio',
      writable: false,
      value: 0.8,
      timestamp: '2026-06-01T10:00:00.000Z',
      warningLevels: null,
      description: null,
      min: null,
      max: null,
      stale: false,
    },
  ],
});

export const saloonLights = (): Device => ({
  id: 20,
  name: 'Saloon lights',
  category: 'lighting',
  manufacturer: null,
  model: null,
  serial: null,
  location: null,
  properties: [
    {
      id: 200,
      path: 'electrical.switches.bank.0.1.state',
      displayName: 'On',
      units: 'bool',
      writable: true,
      value: 0,
      timestamp: '2026-06-01T10:00:00.000Z',
      warningLevels: null,
      description: null,
      min: null,
      max: null,
      stale: false,
    },
  ],
});
