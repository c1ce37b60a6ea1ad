import type { Knex } from 'knex';

// Devices module: warning levels of a property (at most one set per property), judged on
// ingest. Alerts module: `origin` says what raised an alert, so a warning level on a path and a
// bridge's own notification for it are two alerts, each with its own lifecycle.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('property_warning_levels', (t) => {
    t.integer('property_id').primary().references('device_properties.id').onDelete('CASCADE');
    t.integer('bridge_id').notNullable().references('bridges.id').onDelete('CASCADE');
    t.double('low_critical');
    t.double('low_warning');
    t.double('high_warning');
    t.double('high_critical');
    t.double('hysteresis').notNullable().defaultTo(0);
    t.integer('delay_seconds').notNullable().defaultTo(0);
    t.integer('updated_by');
    t.string('updated_at', 30).notNullable();
    t.index(['bridge_id']);
  });
  await knex.schema.alterTable('alerts', (t) => {
    t.string('origin', 20).notNullable().defaultTo('notification');
  });
  await knex('alerts').where({ path: 'notifications.navigation.geofence' }).update({ origin: 'geofence' });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('alerts', (t) => {
    t.dropColumn('origin');
  });
  await knex.schema.dropTable('property_warning_levels');
}
