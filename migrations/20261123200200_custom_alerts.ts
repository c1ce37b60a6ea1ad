import type { Knex } from 'knex';

// Alerts module: custom alerts, a vessel's own rules on one of its properties, judged on ingest
// like warning levels. An alert a rule raised names it (`custom_alert_id`), so two rules on one
// property are two alerts.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('custom_alerts', (t) => {
    t.increments('id');
    t.integer('vessel_id').notNullable().references('vessels.id').onDelete('CASCADE');
    t.integer('property_id').notNullable().references('device_properties.id').onDelete('CASCADE');
    t.string('path', 256).notNullable();
    t.string('comparison', 2).notNullable();
    t.double('threshold').notNullable();
    t.integer('duration_seconds').notNullable().defaultTo(0);
    t.string('priority', 20).notNullable();
    t.string('message', 1000).notNullable();
    t.boolean('paused').notNullable().defaultTo(false);
    t.integer('created_by');
    t.string('created_at', 30).notNullable();
    t.string('updated_at', 30).notNullable();
    t.index(['vessel_id']);
  });
  await knex.schema.alterTable('alerts', (t) => {
    t.integer('custom_alert_id');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('alerts', (t) => {
    t.dropColumn('custom_alert_id');
  });
  await knex.schema.dropTable('custom_alerts');
}
