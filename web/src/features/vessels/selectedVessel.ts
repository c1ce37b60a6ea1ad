import { useSyncExternalStore } from 'react';

export interface SelectedVessel {
  id: string;
  name: string;
}

/** The selected vessel is cleared once the route no longer holds its id (spec 4). */
export function routeHoldsVessel(pathname: string, vesselId: string): boolean {
  return pathname
    .split('/')
    .filter(Boolean)
    .some((segment) => safeDecode(segment) === vesselId);
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

type Listener = () => void;

/** The vessel the user is working on, for the header and for error reports. */
export function createSelectedVesselStore() {
  let selected: SelectedVessel | null = null;
  const listeners = new Set<Listener>();
  const emit = () => listeners.forEach((listener) => listener());
  return {
    get: () => selected,
    select(vessel: SelectedVessel) {
      if (selected?.id === vessel.id && selected.name === vessel.name) return;
      selected = vessel;
      emit();
    },
    /** Clears the selection when `pathname` no longer holds its id; returns the cleared vessel. */
    clearUnlessRouteHolds(pathname: string): SelectedVessel | null {
      if (!selected || routeHoldsVessel(pathname, selected.id)) return null;
      const cleared = selected;
      selected = null;
      emit();
      return cleared;
    },
    subscribe(listener: Listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export const selectedVessel = createSelectedVesselStore();

export function useSelectedVessel(): SelectedVessel | null {
  return useSyncExternalStore(selectedVessel.subscribe, selectedVessel.get, selectedVessel.get);
}
