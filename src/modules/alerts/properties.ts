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
}

export class Properties implements PropertyDirectory {
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

  private handedOver(): PropertyDirectory {
    assert(this.directory, 'the devices module hands over its properties at registration');
    return this.directory;
  }
}
