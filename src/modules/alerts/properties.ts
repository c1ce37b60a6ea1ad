/**
 * What the alerts module asks of the devices module about properties and devices (custom alerts,
 * warning levels, a device's alert log): the devices module sits above this one, so it hands its
 * inventory over at registration (`server.plugins.alerts.api.useProperties`), before any message
 * or request asks.
 */
import assert from 'node:assert';
import type { Db } from '../../db/knex.js';

export interface PropertyDirectory {
  propertyOf(db: Db, id: number): Promise<{ id: number; bridgeId: number; path: string } | null>;
  /** Properties of one bridge by id, with what an alert message names; ids of other bridges are left out. */
  propertiesOf(db: Db, bridgeId: number, ids: number[]): Promise<Array<{ id: number; path: string; displayName: string; units: string }>>;
  /** A device's bridge and the paths of its properties. */
  deviceOf(db: Db, id: number): Promise<{ id: number; bridgeId: number; paths: string[] } | null>;
  /** The bridge's properties of these paths with their device's name (the first device's, should two list one path). */
  namedPaths(db: Db, bridgeId: number, paths: string[]): Promise<Array<{ path: string; displayName: string; deviceName: string }>>;
}

/** The device and property an alarm is about, as the Devices tab names them; both null when its path is no property's. */
export interface AlarmNames {
  deviceName: string | null;
  propertyName: string | null;
}

/** Names alarms (`applyCondition`): the one place an alarm's path becomes the names people read. */
export interface AlarmNaming {
  alarmNames(db: Db, bridgeId: number, path: string): Promise<AlarmNames>;
}

/** The property a path is about: a Signal K notification's path is its property's under `notifications.`. */
export const propertyPathOf = (path: string): string => (path.startsWith('notifications.') ? path.slice('notifications.'.length) : path);

export class Properties implements PropertyDirectory, AlarmNaming {
  private directory: PropertyDirectory | null = null;

  use(directory: PropertyDirectory): void {
    this.directory = directory;
  }

  propertyOf(db: Db, id: number) {
    return this.handedOver().propertyOf(db, id);
  }

  propertiesOf(db: Db, bridgeId: number, ids: number[]) {
    return this.handedOver().propertiesOf(db, bridgeId, ids);
  }

  deviceOf(db: Db, id: number) {
    return this.handedOver().deviceOf(db, id);
  }

  namedPaths(db: Db, bridgeId: number, paths: string[]) {
    return this.handedOver().namedPaths(db, bridgeId, paths);
  }

  /**
   * An alarm's device and property: the property of its path, or of the path a notification is
   * about ("notifications.electrical.batteries.house.voltage" is the house battery's voltage).
   */
  async alarmNames(db: Db, bridgeId: number, path: string): Promise<AlarmNames> {
    const about = propertyPathOf(path);
    const rows = await this.namedPaths(db, bridgeId, about === path ? [path] : [path, about]);
    const row = rows.find((r) => r.path === path) ?? rows.find((r) => r.path === about);
    return row ? { deviceName: row.deviceName, propertyName: row.displayName } : { deviceName: null, propertyName: null };
  }

  private handedOver(): PropertyDirectory {
    assert(this.directory, 'the devices module hands over its properties at registration');
    return this.directory;
  }
}
