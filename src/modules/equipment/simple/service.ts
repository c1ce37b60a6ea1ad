/**
 * Simple devices (docs/api.md, "Simple devices"): devices an owner defines from a template, whose
 * fields show properties of the same vessel's bridge, some of them as gauges. Routes naming a
 * device or a field find the vessel from it (the vessel scope's `simpleDevice` and
 * `simpleDeviceField` entities); another tenant's device answers like a missing one.
 */
import Boom from '@hapi/boom';
import {
  FIELD_KINDS,
  type FieldKind,
  type Gauge,
  type SimpleDevice,
  type SimpleDeviceField,
  type SimpleDeviceLocation,
  type SimpleDeviceMetadata,
  type SimpleDeviceSettings,
} from '../../../../contracts/simple-devices.js';
import type { Database } from '../../../db/knex.js';
import { propertiesOfVessel } from '../../devices/api.js';
import * as repo from './repository.js';
import { TEMPLATES, templateOf } from './templates.js';

export type { DeviceDetails } from './repository.js';

export interface NewSimpleDevice extends repo.DeviceDetails {
  type: string;
  /** The fields to start with; the template's when absent. */
  fields?: Array<{ name: string; kind: FieldKind; includeInGauges?: boolean }>;
}

const unitsOf = (kind: FieldKind): string => FIELD_KINDS[kind].units[0];

export class SimpleDevicesService {
  constructor(private readonly db: Database) {}

  list(vesselId: number, type?: string): Promise<SimpleDevice[]> {
    return repo.devicesOf(this.db, vesselId, type);
  }

  async settings(vesselId: number): Promise<SimpleDeviceSettings[]> {
    return (await this.list(vesselId)).map(({ fields, ...device }) => ({
      ...device,
      fieldCount: fields.length,
      gaugeCount: fields.filter((f) => f.includeInGauges).length,
    }));
  }

  /** Devices whose location switch is on and whose position is known. */
  async locations(vesselId: number): Promise<SimpleDeviceLocation[]> {
    return (await this.list(vesselId)).flatMap((d) => (d.locationEnabled && d.position ? [{ id: d.id, name: d.name, ...d.position }] : []));
  }

  /** The fields included in gauges, device by device in field order, with their current values. */
  async dashboard(vesselId: number): Promise<Gauge[]> {
    const fields = (await this.list(vesselId)).flatMap((device) => device.fields.filter((f) => f.includeInGauges).map((field) => ({ device, field })));
    const properties = await propertiesOfVessel(
      this.db,
      vesselId,
      fields.flatMap(({ field }) => (field.propertyId === null ? [] : [field.propertyId])),
    );
    return fields.map(({ device, field }) => {
      const property = field.propertyId === null ? undefined : properties.get(field.propertyId);
      return {
        fieldId: field.id,
        deviceId: device.id,
        deviceName: device.name,
        name: field.name,
        kind: field.kind,
        units: property?.units || field.units,
        propertyId: property?.id ?? null,
        path: property?.path ?? null,
        value: property?.value ?? null,
        timestamp: property?.tsMs == null ? null : new Date(property.tsMs).toISOString(),
        min: property?.min ?? null,
        max: property?.max ?? null,
      };
    });
  }

  metadata(): SimpleDeviceMetadata {
    return {
      kinds: Object.entries(FIELD_KINDS).map(([kind, { label, units }]) => ({ kind: kind as FieldKind, label, units })),
      types: TEMPLATES.map((t) => t.type),
    };
  }

  templates() {
    return TEMPLATES;
  }

  async create(vesselId: number, { type, fields, ...details }: NewSimpleDevice): Promise<SimpleDevice> {
    // The route admits only the templates' types.
    const start = (fields ?? templateOf(type)?.fields ?? []).map((f) => ({
      name: f.name,
      kind: f.kind,
      units: unitsOf(f.kind),
      includeInGauges: f.includeInGauges ?? false,
    }));
    const id = await this.db.transaction((trx) => repo.insertDevice(trx, vesselId, type, details, start));
    return (await repo.findDevice(this.db, id))!;
  }

  async update(id: number, details: repo.DeviceDetails): Promise<SimpleDevice> {
    await this.device(id);
    await repo.updateDevice(this.db, id, details);
    return (await repo.findDevice(this.db, id))!;
  }

  async remove(id: number): Promise<SimpleDevice> {
    const device = await this.device(id);
    await repo.deleteDevice(this.db, id);
    return device;
  }

  async setLocationEnabled(id: number, enabled: boolean): Promise<SimpleDevice> {
    await this.device(id);
    await repo.setLocationEnabled(this.db, id, enabled);
    return (await repo.findDevice(this.db, id))!;
  }

  async setPosition(id: number, lat: number, lon: number): Promise<SimpleDevice> {
    await this.device(id);
    await repo.setPosition(this.db, id, lat, lon);
    return (await repo.findDevice(this.db, id))!;
  }

  /** Maps a field to a property of its device's own vessel; any other property is not found. */
  async mapField(vesselId: number, fieldId: number, propertyId: number): Promise<SimpleDeviceField> {
    await this.field(fieldId);
    if (!(await propertiesOfVessel(this.db, vesselId, [propertyId])).has(propertyId)) throw Boom.notFound('Property not found');
    await repo.mapField(this.db, fieldId, propertyId);
    return (await repo.findField(this.db, fieldId))!;
  }

  async unmapField(fieldId: number): Promise<SimpleDeviceField> {
    await this.field(fieldId);
    await repo.mapField(this.db, fieldId, null);
    return (await repo.findField(this.db, fieldId))!;
  }

  async includeInGauges(fieldId: number, include: boolean): Promise<SimpleDeviceField> {
    await this.field(fieldId);
    await repo.includeInGauges(this.db, fieldId, include);
    return (await repo.findField(this.db, fieldId))!;
  }

  /** Puts the device's fields in the given order; the list names each of its fields once. */
  async orderFields(deviceId: number, fieldIds: number[]): Promise<SimpleDevice> {
    const device = await this.device(deviceId);
    const own = new Set(device.fields.map((f) => f.id));
    if (fieldIds.length !== own.size || new Set(fieldIds).size !== own.size || !fieldIds.every((id) => own.has(id))) {
      throw Boom.badRequest('fieldIds must list each field of the device exactly once');
    }
    await this.db.transaction((trx) => repo.orderFields(trx, fieldIds));
    return (await repo.findDevice(this.db, deviceId))!;
  }

  /** The vessel a device belongs to, null when there is no such device (the vessel scope of routes keyed by one). */
  async vesselOfDevice(id: number): Promise<number | null> {
    return (await repo.findDevice(this.db, id))?.vesselId ?? null;
  }

  /** The vessel a field's device belongs to, null when there is no such field. */
  async vesselOfField(id: number): Promise<number | null> {
    const field = await repo.findField(this.db, id);
    return field ? this.vesselOfDevice(field.deviceId) : null;
  }

  private async device(id: number): Promise<SimpleDevice> {
    return (await repo.findDevice(this.db, id)) ?? Promise.reject(Boom.notFound('Device not found'));
  }

  private async field(id: number): Promise<SimpleDeviceField> {
    return (await repo.findField(this.db, id)) ?? Promise.reject(Boom.notFound('Field not found'));
  }
}
