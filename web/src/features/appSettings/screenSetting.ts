/**
 * The app setting this screen shows for a vessel (docs/decisions.md, "App settings are read"):
 * the phone app or an on-board display picks one by name in the vessel's Settings, and this
 * browser remembers the choice. While one is chosen the vessel opens on its start page, the
 * Devices tab lists its devices, the Overview shows its gauges and the vessel page its
 * background for the theme and orientation.
 */
import { useSyncExternalStore } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { AppImageSlot, AppSetting, AppStartPage } from '../../../../contracts/vessels';
import { appSettingQueries } from './queries';

const keyOf = (vesselId: number) => `vessel-link.screen-setting.${vesselId}`;
const listeners = new Set<() => void>();

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

/** The id of the setting chosen on this screen for the vessel, or null. */
export function screenSettingId(vesselId: number): number | null {
  const raw = storage()?.getItem(keyOf(vesselId)) ?? null;
  const id = raw === null ? NaN : Number(raw);
  return Number.isInteger(id) && id > 0 ? id : null;
}

/** Chooses the setting this screen shows for the vessel (null: none, the full app). */
export function chooseScreenSetting(vesselId: number, id: number | null): void {
  const store = storage();
  if (id === null) store?.removeItem(keyOf(vesselId));
  else store?.setItem(keyOf(vesselId), String(id));
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key?.startsWith('vessel-link.screen-setting.')) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function useScreenSettingId(vesselId: number): number | null {
  return useSyncExternalStore(
    subscribe,
    () => screenSettingId(vesselId),
    () => null,
  );
}

/** The setting this screen shows, once loaded; null when none is chosen, it was deleted, or the person may not read settings. */
export function useScreenSetting(vesselId: number): AppSetting | null {
  const id = useScreenSettingId(vesselId);
  const list = useQuery({ ...appSettingQueries.list(vesselId), enabled: id !== null });
  return id === null ? null : (list.data?.find((setting) => setting.id === id) ?? null);
}

/** The tab a vessel opens on: the chosen setting's start page, else Overview (spec 2). */
export const START_ROUTES: Record<AppStartPage, `/dashboard/vessels/$vesselId/${AppStartPage}`> = {
  overview: '/dashboard/vessels/$vesselId/overview',
  devices: '/dashboard/vessels/$vesselId/devices',
  alerts: '/dashboard/vessels/$vesselId/alerts',
  location: '/dashboard/vessels/$vesselId/location',
  cameras: '/dashboard/vessels/$vesselId/cameras',
};

/** The background image slot for a theme and orientation. */
export const imageSlotOf = (theme: 'light' | 'dark', portrait: boolean): AppImageSlot => `${theme}${portrait ? 'Portrait' : 'Landscape'}` as AppImageSlot;
