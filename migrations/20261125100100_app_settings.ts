import type { Knex } from 'knex';

// Devices module: what the phone app and the on-board displays show (docs/decisions.md, "App settings").
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('vessel_app_settings', (t) => {
    t.increments('id').primary();
    t.integer('vessel_id').notNullable().references('vessels.id').onDelete('CASCADE').index();
    t.string('name', 100).notNullable();
    t.text('device_ids').notNullable();
    t.text('gauge_property_ids').notNullable();
    t.string('start_page', 20).notNullable();
    t.string('image_light_portrait', 36);
    t.string('image_light_landscape', 36);
    t.string('image_dark_portrait', 36);
    t.string('image_dark_landscape', 36);
    t.string('created_at', 30).notNullable();
    t.string('updated_at', 30).notNullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('vessel_app_settings');
}
