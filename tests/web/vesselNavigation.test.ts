import { describe, expect, it, vi } from 'vitest';
import { canControlDevices, matchVesselTab, visibleTabs } from '../../web/src/features/vessels/tabs';
import { NO_PERMISSIONS, type PermissionSet } from '../../web/src/features/vessels/types';
import { createSelectedVesselStore, routeHoldsVessel } from '../../web/src/features/vessels/selectedVessel';
import { sidebarLinks } from '../../web/src/features/layout/navigation';
import { isCompletePairingCode, normalisePairingCode } from '../../web/src/features/vessels/pairing';
import { navigation } from './fixtures';

const OWNER: PermissionSet = {
  alertManager: 'MANAGE',
  auditLogs: 'MANAGE',
  deviceManager: 'MANAGE',
  documents: 'MANAGE',
  routineManager: 'MANAGE',
  userManager: 'MANAGE',
  securityManager: 'MANAGE',
  billingManager: 'MANAGE',
  allowDeviceControl: true,
  allowEditVessel: true,
  allowLocationServices: true,
  allowGrantTechnicalAccess: true,
  receiveNotifications: true,
};

describe('vessel dashboard tabs', () => {
  it('opens OVERVIEW by default and matches the tab ignoring case', () => {
    expect(matchVesselTab(undefined)).toBe('OVERVIEW');
    expect(matchVesselTab('alerts')).toBe('ALERTS');
    expect(matchVesselTab('routines')).toBe('OVERVIEW');
  });

  it('shows an owner every tab', () => {
    expect(visibleTabs(OWNER)).toEqual(['OVERVIEW', 'DEVICES', 'ALERTS', 'LOCATION', 'DOCUMENTS', 'NOTES', 'USERS', 'SETTINGS']);
  });

  it('hides devices and locations from a member with deviceManager DENY', () => {
    const tabs = visibleTabs({ ...OWNER, deviceManager: 'DENY' });
    expect(tabs).not.toContain('DEVICES');
    expect(tabs).not.toContain('LOCATION');
  });

  it('shows a member without permissions only the overview, notes and settings', () => {
    expect(visibleTabs(NO_PERMISSIONS)).toEqual(['OVERVIEW', 'NOTES', 'SETTINGS']);
  });

  it('lets only members allowed to control devices send commands', () => {
    expect(canControlDevices(OWNER)).toBe(true);
    expect(canControlDevices({ ...OWNER, allowDeviceControl: false })).toBe(false);
    expect(canControlDevices({ ...OWNER, deviceManager: 'DENY' })).toBe(false);
  });
});

describe('selected vessel', () => {
  it('knows whether the route still holds the vessel id', () => {
    expect(routeHoldsVessel('/dashboard/vessels/v1', 'v1')).toBe(true);
    expect(routeHoldsVessel('/dashboard/vessels/v12', 'v1')).toBe(false);
    expect(routeHoldsVessel('/dashboard', 'v1')).toBe(false);
  });

  it('is cleared once the route no longer holds its id', () => {
    const store = createSelectedVesselStore();
    const listener = vi.fn();
    store.subscribe(listener);
    store.select({ id: 'v1', name: 'Sea Breeze' });
    expect(store.clearUnlessRouteHolds('/dashboard/vessels/v1')).toBeNull();
    expect(store.get()?.name).toBe('Sea Breeze');
    expect(store.clearUnlessRouteHolds('/dashboard/profile')).toEqual({ id: 'v1', name: 'Sea Breeze' });
    expect(store.get()).toBeNull();
    expect(listener).toHaveBeenCalledTimes(2);
  });
});

describe('sidebar', () => {
  it('uses the server’s navigation names and order, then the app’s other pages', () => {
    expect(sidebarLinks(navigation).map((link) => link.label)).toEqual(['My fleet', 'My profile', 'Terms of Use']);
    expect(sidebarLinks([]).map((link) => link.to)).toEqual(['/dashboard', '/dashboard/profile', '/dashboard/terms-of-use/EULA']);
  });

  it('leaves out navigation components this app has no page for', () => {
    const withAdmin = [...navigation, { id: 'n9', code: 'ADMIN', name: 'Admin', path: '/admin', icon: null, menuOrder: 0 }];
    expect(sidebarLinks(withAdmin).map((link) => link.key)).toEqual(['FLEET', 'PROFILE', 'TERMS']);
  });
});

describe('pairing code', () => {
  it('accepts what people type: spaces, dashes and lower case', () => {
    expect(normalisePairingCode('k7pq-3xwd')).toBe('K7PQ3XWD');
    expect(isCompletePairingCode(normalisePairingCode('K7PQ 3XWD'))).toBe(true);
    expect(isCompletePairingCode('K7PQ3XW')).toBe(false);
  });
});
