/**
 * GET company/deviceManufacturers: the makers of the devices on board, as NMEA 2000 knows them
 * (the manufacturer codes of canboat's PGN database, the names a bridge reports), by name. The
 * device details form suggests them; a maker missing from the list can still be typed.
 */
import type { ReqRefDefaults } from '@hapi/hapi';
import { defineRoute } from '../../../../platform/routes.js';

export interface DeviceManufacturer {
  /** The NMEA 2000 manufacturer code. */
  code: number;
  name: string;
}

let list: Promise<DeviceManufacturer[]> | null = null;

/** Read once, on first use: the PGN database is not worth loading at every start. */
export function deviceManufacturerList(): Promise<DeviceManufacturer[]> {
  list ??= import('@canboat/ts-pgns').then(({ ManufacturerCodeValues }) =>
    Object.entries(ManufacturerCodeValues as Record<string, number>)
      .map(([name, code]) => ({ code, name }))
      .sort((a, b) => a.name.localeCompare(b.name, 'en', { sensitivity: 'base' })),
  );
  return list;
}

export const deviceManufacturers = () =>
  defineRoute<ReqRefDefaults>({
    method: 'GET',
    path: '/api/company/deviceManufacturers',
    options: {
      tags: ['api', 'catalogue'],
      description: 'Makers of on-board devices by name, with their NMEA 2000 manufacturer code: [{code, name}]',
      handler: () => deviceManufacturerList(),
    },
  });
