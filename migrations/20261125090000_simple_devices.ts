import type { Knex } from 'knex';

// Devices module: devices an owner defines (a tank, a battery bank, an engine) whose fields map to
// the properties the vessel's bridge reports, some of them shown as gauges. A field's property is
// forgotten (not the field) when the bridge's inventory drops it.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('simple_devices', (t) => {
    t.increments('id').primary();
    t.integer('vessel_id').notNullable().references('vessels.id').onDelete('CASCADE');
    t.string('type', 40).notNullable();
    t.string('name', 100).notNullable();
    t.string('manufacturer', 100);
    t.string('model', 100);
    t.string('serial', 100);
    t.string('location', 100);
    t.boolean('location_enabled').notNullable().defaultTo(false);
    t.double('lat');
    t.double('lon');
    t.string('created_at', 30).notNullable();
    t.index(['vessel_id']);
  });
  await knex.schema.createTable('simple_device_fields', (t) => {
    t.increments('id').primary();
    t.integer('device_id').notNullable().references('simple_devices.id').onDelete('CASCADE');
    t.string('name', 100).notNullable();
    t.string('kind', 30).notNullable();
    t.string('units', 20).notNullable().defaultTo('');
    t.integer('property_id').references('device_properties.id').onDelete('SET NULL');
    t.integer('position').notNullable();
    t.boolean('include_in_gauges').notNullable().defaultTo(false);
    t.index(['device_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('simple_device_fields');
  await knex.schema.dropTable('simple_devices');
}
