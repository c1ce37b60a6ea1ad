/**
 * App settings (docs/decisions.md, "App settings"): what the phone app and each on-board display
 * show: a name, the devices listed, the properties shown as gauges, the page it opens on and a
 * background image per theme and orientation.
 */
import Boom from '@hapi/boom';
import { APP_IMAGE_SLOTS, type AppImageSlot, type AppSetting, type AppSettingFields } from '../../../../contracts/vessels.js';
import type { Database } from '../../../db/knex.js';
import { deleteFile, detectImage, fileUrl, storeFile } from '../../../platform/files.js';
import { ruleRefused } from '../../../platform/errors.js';
import type { VesselScope } from '../../access/api.js';
import { deviceIdsOfVessel, propertiesOfVessel } from '../../devices/api.js';
import * as repo from './repository.js';

/** Enough for a phone per crew member and a display per helm station. */
export const MAX_APP_SETTINGS = 20;

const toSetting = (r: repo.AppSettingRow): AppSetting => ({
  id: r.id,
  name: r.name,
  deviceIds: JSON.parse(r.device_ids) as number[],
  gaugePropertyIds: JSON.parse(r.gauge_property_ids) as number[],
  startPage: r.start_page,
  images: Object.fromEntries(APP_IMAGE_SLOTS.map((slot) => [slot, fileUrl(r[repo.IMAGE_COLUMNS[slot]])])) as AppSetting['images'],
  updatedAt: r.updated_at,
});

export const imageSlot = (darkMode: boolean, portrait: boolean): AppImageSlot => `${darkMode ? 'dark' : 'light'}${portrait ? 'Portrait' : 'Landscape'}`;

export class AppSettingsService {
  constructor(private readonly db: Database) {}

  async list(scope: VesselScope): Promise<AppSetting[]> {
    return (await repo.settingsOf(this.db, scope.vesselId)).map(toSetting);
  }

  /** The template of a new setting, as the app's form starts from it. */
  empty(): Omit<AppSetting, 'id' | 'updatedAt'> {
    return {
      name: '',
      deviceIds: [],
      gaugePropertyIds: [],
      startPage: 'overview',
      images: Object.fromEntries(APP_IMAGE_SLOTS.map((slot) => [slot, null])) as AppSetting['images'],
    };
  }

  async create(scope: VesselScope, fields: AppSettingFields): Promise<AppSetting> {
    if ((await repo.settingsOf(this.db, scope.vesselId)).length >= MAX_APP_SETTINGS)
      throw ruleRefused(`A vessel has at most ${MAX_APP_SETTINGS} app settings: delete one first`);
    await this.assertOnVessel(scope, fields);
    return this.get(scope, await repo.insertSetting(this.db, scope.vesselId, fields));
  }

  async update(scope: VesselScope, id: number, fields: AppSettingFields): Promise<AppSetting> {
    await this.row(scope, id);
    await this.assertOnVessel(scope, fields);
    await repo.updateSetting(this.db, id, fields);
    return this.get(scope, id);
  }

  async remove(scope: VesselScope, id: number): Promise<void> {
    const row = await this.row(scope, id);
    await repo.deleteSetting(this.db, id);
    for (const slot of APP_IMAGE_SLOTS) await deleteFile(this.db, row[repo.IMAGE_COLUMNS[slot]]);
  }

  /** Replaces one image; the content must be an image whatever the file claims. */
  async setImage(scope: VesselScope, id: number, slot: AppImageSlot, data: Buffer): Promise<AppSetting> {
    const row = await this.row(scope, id);
    const stored = await storeFile(this.db, { data, mime: detectImage(data), ownerUserId: scope.caller.id });
    await repo.setImage(this.db, id, slot, stored.id);
    await deleteFile(this.db, row[repo.IMAGE_COLUMNS[slot]]);
    return this.get(scope, id);
  }

  private async get(scope: VesselScope, id: number): Promise<AppSetting> {
    return toSetting(await this.row(scope, id));
  }

  private async row(scope: VesselScope, id: number): Promise<repo.AppSettingRow> {
    return (await repo.findSetting(this.db, scope.vesselId, id)) ?? Promise.reject(Boom.notFound('App setting not found'));
  }

  /** Devices and gauges must be the vessel's own (another vessel's ids look like unknown ones). */
  private async assertOnVessel(scope: VesselScope, fields: AppSettingFields): Promise<void> {
    const devices = await deviceIdsOfVessel(this.db, scope.vesselId);
    const unknownDevice = fields.deviceIds.find((id) => !devices.has(id));
    if (unknownDevice !== undefined) throw Boom.badRequest(`Device ${unknownDevice} is not on this vessel`);
    const properties = await propertiesOfVessel(this.db, scope.vesselId, fields.gaugePropertyIds);
    const unknownProperty = fields.gaugePropertyIds.find((id) => !properties.has(id));
    if (unknownProperty !== undefined) throw Boom.badRequest(`Property ${unknownProperty} is not on this vessel`);
  }
}
