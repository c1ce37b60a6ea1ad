import type { Knex } from 'knex';

// Utility module (countries, languages, error reports) and admin module (navigation components).
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('countries', (t) => {
    t.string('code', 2).primary();
    t.string('name', 100).notNullable();
  });
  await knex.schema.createTable('languages', (t) => {
    t.string('code', 10).primary();
    t.string('name', 100).notNullable();
  });
  await knex.schema.createTable('error_reports', (t) => {
    t.increments('id');
    t.integer('status');
    t.string('displayed_msg', 1000);
    t.string('timestamp', 40).notNullable();
    t.string('timezone', 64);
    t.string('platform', 20).notNullable();
    t.string('ui_version', 20);
    t.string('browser', 200);
    t.string('os', 200);
    t.string('endpoint', 500);
    t.text('request_data');
    t.text('comment');
    t.integer('user_id');
    t.string('user_name', 200);
    t.integer('vessel_id');
    t.string('vessel_name', 200);
    t.string('environment', 20);
    t.string('created_at', 30).notNullable();
  });
  await knex.schema.createTable('navigation_components', (t) => {
    t.increments('id');
    t.string('code', 50).notNullable().unique();
    t.string('name', 100).notNullable();
    t.string('path', 200).notNullable();
    t.string('icon', 50).notNullable().defaultTo('');
    t.integer('menu_order').notNullable();
    t.string('audience', 20).notNullable().defaultTo('all');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('navigation_components');
  await knex.schema.dropTable('error_reports');
  await knex.schema.dropTable('languages');
  await knex.schema.dropTable('countries');
}
