import type { Knex } from 'knex';
import { DESCRIPTION_MAX, schemaDescriptionOf } from '../src/modules/devices/schema-inventory.js';

const SCHEMA_DEVICES = 'signalk:%';

// Devices module: properties described from the Signal K schema keep its description
// (docs/bridge-agent.md, "Without an inventory"). The ones added before get theirs now: the
// schema is slow to ask (milliseconds a path), so once per distinct path.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('device_properties', (t) => {
    t.string('description', DESCRIPTION_MAX);
  });
  const described = () => knex('devices').where('device_key', 'like', SCHEMA_DEVICES).select('id');
  const paths: string[] = await knex('device_properties').whereIn('device_id', described()).distinct().pluck('path');
  for (const path of paths) {
    const description = schemaDescriptionOf(path);
    if (description) await knex('device_properties').whereIn('device_id', described()).where({ path }).update({ description });
  }
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('device_properties', (t) => {
    t.dropColumn('description');
  });
}
