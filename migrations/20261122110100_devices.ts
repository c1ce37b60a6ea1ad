import type { Knex } from 'knex';

// Devices module: what each bridge reports (docs/protocol.md). Everything is keyed by bridge, so data
// from an unpaired bridge is kept and shows on the vessel it is paired with later. The hot
// tables (series, history, locations, sources, receipts) store epoch milliseconds as BIGINT.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('devices', (t) => {
    t.increments('id');
    t.integer('bridge_id').notNullable().references('bridges.id').onDelete('CASCADE');
    t.string('device_key', 128).notNullable();
    t.string('name', 200).notNullable();
    t.string('category', 20).notNullable();
    t.string('manufacturer', 200);
    t.string('model', 200);
    t.string('serial', 200);
    t.string('location', 200);
    t.integer('position').notNullable().defaultTo(0);
    t.string('updated_at', 30).notNullable();
    t.unique(['bridge_id', 'device_key']);
  });
  await knex.schema.createTable('device_properties', (t) => {
    t.increments('id');
    t.integer('device_id').notNullable().references('devices.id').onDelete('CASCADE');
    t.integer('bridge_id').notNullable().references('bridges.id').onDelete('CASCADE');
    t.string('path', 256).notNullable();
    t.string('display_name', 200).notNullable();
    t.string('units', 32).notNullable().defaultTo('');
    t.boolean('writable').notNullable().defaultTo(false);
    t.double('min_value');
    t.double('max_value');
    t.integer('position').notNullable().defaultTo(0);
    t.unique(['device_id', 'path']);
    t.index(['bridge_id', 'path']);
  });
  // A series is one path of one bridge: its current value lives here, its history in
  // value_history, which refers to it by id.
  await knex.schema.createTable('value_series', (t) => {
    t.increments('id');
    t.integer('bridge_id').notNullable().references('bridges.id').onDelete('CASCADE');
    t.string('path', 256).notNullable();
    t.text('value').notNullable();
    t.bigInteger('ts_ms').notNullable();
    t.string('source', 256);
    t.unique(['bridge_id', 'path']);
  });
  // History in chunks: the samples one batch carried for one series, as JSON [[ts_ms, value]...],
  // spanning at most an hour (src/modules/devices/value-store.ts).
  await knex.schema.createTable('value_history', (t) => {
    t.integer('series_id').notNullable().references('value_series.id').onDelete('CASCADE');
    t.bigInteger('from_ms').notNullable();
    t.bigInteger('to_ms').notNullable();
    t.integer('count').notNullable();
    t.text('samples').notNullable();
    t.index(['series_id', 'from_ms']);
  });
  await knex.schema.createTable('locations', (t) => {
    t.integer('bridge_id').notNullable().references('bridges.id').onDelete('CASCADE');
    t.bigInteger('ts_ms').notNullable();
    t.double('lat').notNullable();
    t.double('lon').notNullable();
    t.double('speed_over_ground');
    t.double('course_over_ground_true');
    t.string('source', 256);
    t.index(['bridge_id', 'ts_ms']);
  });
  await knex.schema.createTable('message_sources', (t) => {
    t.integer('bridge_id').notNullable().references('bridges.id').onDelete('CASCADE');
    t.string('uid', 256).notNullable();
    t.boolean('enabled').notNullable().defaultTo(true);
    t.boolean('location_enabled').notNullable().defaultTo(false);
    t.boolean('reports_position').notNullable().defaultTo(false);
    t.bigInteger('first_seen_ms').notNullable();
    t.bigInteger('last_seen_ms').notNullable();
    t.primary(['bridge_id', 'uid']);
  });
  // The last QoS 1 deltas received from each bridge, written in the same transaction as their
  // values, so a redelivery (DUP flag, MQTT 3.1.1 §3.3.1.1) after a lost PUBACK is recognised.
  await knex.schema.createTable('ingest_receipts', (t) => {
    t.integer('bridge_id').notNullable().references('bridges.id').onDelete('CASCADE');
    t.integer('slot').notNullable();
    t.integer('message_id').notNullable();
    t.string('digest', 32).notNullable();
    t.primary(['bridge_id', 'slot']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('ingest_receipts');
  await knex.schema.dropTable('message_sources');
  await knex.schema.dropTable('locations');
  await knex.schema.dropTable('value_history');
  await knex.schema.dropTable('value_series');
  await knex.schema.dropTable('device_properties');
  await knex.schema.dropTable('devices');
}
