import { describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { isRedirect } from '@tanstack/react-router';
import { vesselQueries } from '../../web/src/features/vessels/queries';
import { preload, requireVesselTab } from '../../web/src/features/vessels/tabRoute';
import type { VesselDetail } from '../../web/src/features/vessels/types';
import { canControlDevices, DEFAULT_VESSEL_TAB, mayOpenTab, visibleTabs } from '../../web/src/features/vessels/tabs';
import { NO_PERMISSIONS, OWNER_PERMISSIONS as OWNER } from '../../contracts/permissions';
import { sidebarLinks } from '../../web/src/features/layout/navigation';
import { isCompletePairingCode, normalisePairingCode } from '../../web/src/features/vessels/pairing';
import { navigation } from './fixtures';

describe('vessel dashboard tabs', () => {
  it('opens the overview by default, which every member may open', () => {
    expect(DEFAULT_VESSEL_TAB).toBe('overview');
    expect(mayOpenTab(NO_PERMISSIONS, 'overview')).toBe(true);
    expect(mayOpenTab(NO_PERMISSIONS, 'alerts')).toBe(false);
  });

  it('shows an owner every tab', () => {
    expect(visibleTabs(OWNER)).toEqual([
      'overview',
      'devices',
      'alerts',
      'routines',
      'location',
      'cameras',
      'documents',
      'service',
      'notes',
      'users',
      'log',
      'settings',
    ]);
  });

  it('hides devices and locations from a member with deviceManager DENY', () => {
    const tabs = visibleTabs({ ...OWNER, deviceManager: 'DENY' });
    expect(tabs).not.toContain('devices');
    expect(tabs).not.toContain('location');
    expect(tabs).not.toContain('service');
  });

  it('shows a member without permissions only the overview, notes and settings', () => {
    expect(visibleTabs(NO_PERMISSIONS)).toEqual(['overview', 'notes', 'settings']);
  });

  it('lets only members allowed to control devices send commands', () => {
    expect(canControlDevices(OWNER)).toBe(true);
    expect(canControlDevices({ ...OWNER, allowDeviceControl: false })).toBe(false);
    expect(canControlDevices({ ...OWNER, deviceManager: 'DENY' })).toBe(false);
  });
});

describe('sidebar', () => {
  it('uses the server’s navigation names and order, then the app’s other pages', () => {
    expect(sidebarLinks(navigation).map((link) => link.label)).toEqual(['My fleet', 'My profile', 'Alerts', 'Charts', 'Messages', 'Terms of Use']);
    expect(sidebarLinks([]).map((link) => link.to)).toEqual([
      '/dashboard',
      '/dashboard/alerts',
      '/dashboard/charts',
      '/dashboard/messages',
      '/dashboard/profile',
      '/dashboard/terms-of-use/EULA',
    ]);
  });

  it('leaves out navigation components this app has no page for', () => {
    const withAdmin = [...navigation, { id: 9, code: 'ADMIN', name: 'Admin', path: '/admin', icon: null, menuOrder: 0 }];
    expect(sidebarLinks(withAdmin).map((link) => link.key)).toEqual(['FLEET', 'PROFILE', 'ALERTS', 'CHARTS', 'MESSAGES', 'TERMS']);
  });

  it('shows a component an administrator added for another page of the app, in its order and with its name', () => {
    const added = [...navigation, { id: 10, code: 'MY_COMPANIES', name: 'My companies', path: '/dashboard/profile/vendors', icon: null, menuOrder: 1 }];
    const isPage = (path: string) => path === '/dashboard/profile/vendors';
    expect(sidebarLinks(added, isPage).map((link) => [link.key, link.label, link.to])).toContainEqual([
      'MY_COMPANIES',
      'My companies',
      '/dashboard/profile/vendors',
    ]);
    expect(sidebarLinks(added, () => false).some((link) => link.key === 'MY_COMPANIES')).toBe(false);
  });

  it('offers the admin area only when the server lists it (to administrators)', () => {
    const forAdmin = [...navigation, { id: 6, code: 'ADMIN', name: 'Administration', path: '/dashboard/admin', icon: 'shield', menuOrder: 60 }];
    expect(sidebarLinks(forAdmin).map((link) => link.to)).toEqual([
      '/dashboard',
      '/dashboard/profile',
      '/dashboard/admin',
      '/dashboard/alerts',
      '/dashboard/charts',
      '/dashboard/messages',
      '/dashboard/terms-of-use/EULA',
    ]);
    expect(sidebarLinks(navigation).some((link) => link.key === 'ADMIN')).toBe(false);
  });
});

describe('pairing code', () => {
  it('accepts what people type: spaces, dashes and lower case', () => {
    expect(normalisePairingCode('k7pq-3xwd')).toBe('K7PQ3XWD');
    expect(isCompletePairingCode(normalisePairingCode('K7PQ 3XWD'))).toBe(true);
    expect(isCompletePairingCode('K7PQ3XW')).toBe(false);
  });
});

describe('vessel tab loaders', () => {
  const withVessel = (permissions: typeof OWNER) => {
    const queryClient = new QueryClient();
    const vessel: VesselDetail = {
      id: 7,
      name: 'Sea Breeze',
      modelId: null,
      imageUrl: null,
      ownerId: 1,
      groupName: null,
      reportingClient: null,
      vesselSubscription: null,
      online: false,
      lastSeen: null,
      permissions,
    };
    queryClient.setQueryData(vesselQueries.detail(7).queryKey, vessel);
    return queryClient;
  };

  it('let a member open a tab they may see and answer their permissions', async () => {
    await expect(requireVesselTab(withVessel(OWNER), 7, 'location')).resolves.toMatchObject({ allowLocationServices: true });
  });

  it('send a member who may not open a tab to the overview, before anything of the tab is loaded', async () => {
    const queryClient = withVessel({ ...OWNER, deviceManager: 'DENY' });
    const outcome = await requireVesselTab(queryClient, 7, 'location').then(
      () => null,
      (thrown: unknown) => thrown,
    );
    expect(isRedirect(outcome)).toBe(true);
    expect(outcome).toMatchObject({ options: { to: '/dashboard/vessels/$vesselId/overview', params: { vesselId: 7 } } });
  });

  it('leave a failed read to the tab, which shows it with a retry', async () => {
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    await expect(preload(queryClient, { queryKey: ['vessels', 7, 'notes'], queryFn: () => Promise.reject(new Error('502')) })).resolves.toBeUndefined();
    expect(queryClient.getQueryState(['vessels', 7, 'notes'])?.status).toBe('error');
  });
});
