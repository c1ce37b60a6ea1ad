import type { FetchQueryOptions, QueryClient, QueryKey } from '@tanstack/react-query';
import { redirect } from '@tanstack/react-router';
import { vesselQueries } from './queries';
import { mayOpenTab, type VesselTab } from './tabs';
import { normalisePermissions, type PermissionSet } from './types';

/**
 * A tab's loader starts with this: a member who may not open the tab (a link from someone with
 * more rights, a permission revoked meanwhile, a company grant limited to some areas) lands on
 * the overview instead, which says why (`?refused=<tab>`), and nothing the tab would load is
 * asked for (spec 6: deviceManager DENY loads no locations).
 */
export async function requireVesselTab(queryClient: QueryClient, vesselId: number, tab: VesselTab): Promise<PermissionSet> {
  const vessel = await queryClient.ensureQueryData(vesselQueries.detail(vesselId));
  const permissions = normalisePermissions(vessel.permissions);
  if (!mayOpenTab(permissions, tab)) {
    throw redirect({ to: '/dashboard/vessels/$vesselId/overview', params: { vesselId }, search: { refused: tab }, replace: true });
  }
  return permissions;
}

/**
 * Fills the cache before a tab renders, with the same query options its component reads. A
 * failed read is left to the component, which shows the error in the tab with a way to try
 * again, instead of replacing the whole page.
 */
export async function preload<T, Key extends QueryKey>(queryClient: QueryClient, options: FetchQueryOptions<T, Error, T, Key>): Promise<void> {
  await queryClient.ensureQueryData(options).catch(() => undefined);
}
