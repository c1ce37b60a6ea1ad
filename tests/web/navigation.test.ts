import { describe, expect, it } from 'vitest';
import { sidebarLinks } from '../../web/src/features/layout/navigation';
import { navigation } from './fixtures';

describe('the sidebar', () => {
  it('offers the organisation area only when the server lists it (company staff)', () => {
    expect(sidebarLinks(navigation).map((link) => link.key)).not.toContain('ORGANISATION');
    const staff = [...navigation, { id: 4, code: 'ORGANISATION', name: 'Organisation', path: '/dashboard/organisation', icon: null, menuOrder: 4 }];
    expect(sidebarLinks(staff).map((link) => [link.label, link.to])).toEqual([
      ['My fleet', '/dashboard'],
      ['My profile', '/dashboard/profile'],
      ['Organisation', '/dashboard/organisation'],
      ['Alerts', '/dashboard/alerts'],
      ['Charts', '/dashboard/charts'],
      ['Messages', '/dashboard/messages'],
      ['Terms of Use', '/dashboard/terms-of-use/EULA'],
    ]);
  });

  it('sends an administrator without vessels of their own to the console from Fleet, Alerts and Charts', () => {
    const links = sidebarLinks(navigation, () => false, { adminConsole: true });
    expect(links.find((l) => l.key === 'FLEET')?.to).toBe('/dashboard/admin/vessels');
    expect(links.find((l) => l.key === 'ALERTS')?.to).toBe('/dashboard/admin/alerts');
    expect(links.find((l) => l.key === 'CHARTS')?.to).toBe('/dashboard/admin');
    expect(sidebarLinks(navigation).find((l) => l.key === 'FLEET')?.to).toBe('/dashboard');
  });
});
