/** `vessel_app_settings`: one row per app setting of a vessel. Only this file touches the table. */
import type { AppImageSlot, AppSettingFields, AppStartPage } from '../../../../contracts/vessels.js';
import { insertId, nowIso } from '../../../db/knex.js';
import type { Db } from '../../../db/knex.js';

export interface AppSettingRow {
  id: number;
  vessel_id: number;
  name: string;
  device_ids: string;
  gauge_property_ids: string;
  start_page: AppStartPage;
  image_light_portrait: string | null;
  image_light_landscape: string | null;
  image_dark_portrait: string | null;
  image_dark_landscape: string | null;
  created_at: string;
  updated_at: string;
}

export const IMAGE_COLUMNS: Record<AppImageSlot, keyof AppSettingRow & `image_${string}`> = {
  lightPortrait: 'image_light_portrait',
  lightLandscape: 'image_light_landscape',
  darkPortrait: 'image_dark_portrait',
  darkLandscape: 'image_dark_landscape',
};

const columns = (fields: AppSettingFields) => ({
  name: fields.name,
  device_ids: JSON.stringify(fields.deviceIds),
  gauge_property_ids: JSON.stringify(fields.gaugePropertyIds),
  start_page: fields.startPage,
  updated_at: nowIso(),
});

export const settingsOf = (db: Db, vesselId: number): Promise<AppSettingRow[]> =>
  db<AppSettingRow>('vessel_app_settings').where({ vessel_id: vesselId }).orderBy('id');

export const findSetting = (db: Db, vesselId: number, id: number): Promise<AppSettingRow | undefined> =>
  db<AppSettingRow>('vessel_app_settings').where({ id, vessel_id: vesselId }).first();

export const insertSetting = (db: Db, vesselId: number, fields: AppSettingFields): Promise<number> =>
  insertId(db, 'vessel_app_settings', { vessel_id: vesselId, ...columns(fields), created_at: nowIso() });

export const updateSetting = (db: Db, id: number, fields: AppSettingFields): Promise<number> => db('vessel_app_settings').where({ id }).update(columns(fields));

export const setImage = (db: Db, id: number, slot: AppImageSlot, fileId: string): Promise<number> =>
  db('vessel_app_settings')
    .where({ id })
    .update({ [IMAGE_COLUMNS[slot]]: fileId, updated_at: nowIso() });

export const deleteSetting = (db: Db, id: number): Promise<number> => db('vessel_app_settings').where({ id }).delete();
