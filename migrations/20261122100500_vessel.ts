import type { Knex } from 'knex';

// Vessel module: models, vessels, members (people and companies) and document categories.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('vessel_models', (t) => {
    t.increments('id');
    t.integer('manufacturer_id').notNullable().references('companies.id').onDelete('CASCADE');
    t.string('name', 200).notNullable();
    t.float('length_m');
    t.string('image_file_id', 36);
    t.string('created_at', 30).notNullable();
  });
  await knex.schema.createTable('vessels', (t) => {
    t.increments('id');
    t.string('name', 200).notNullable();
    t.integer('model_id').references('vessel_models.id').onDelete('SET NULL');
    t.integer('owner_id').notNullable().references('users.id').onDelete('CASCADE').index();
    t.string('image_file_id', 36);
    t.string('group_name', 200);
    t.string('hull_id', 50);
    t.string('home_port', 200);
    t.boolean('gps_reporting').notNullable().defaultTo(true);
    t.boolean('property_update').notNullable().defaultTo(true);
    t.boolean('mfr_access').notNullable().defaultTo(false);
    t.boolean('user_notifications').notNullable().defaultTo(true);
    t.string('created_at', 30).notNullable();
    t.string('updated_at', 30).notNullable();
  });
  await knex.schema.createTable('vessel_members', (t) => {
    t.increments('id');
    t.integer('vessel_id').notNullable().references('vessels.id').onDelete('CASCADE');
    t.integer('user_id').references('users.id').onDelete('CASCADE');
    t.integer('company_id').references('companies.id').onDelete('CASCADE');
    t.string('invited_email', 320);
    t.text('permissions').notNullable();
    t.boolean('paused').notNullable().defaultTo(false);
    t.string('status', 20).notNullable().defaultTo('active');
    t.integer('invited_by');
    t.string('created_at', 30).notNullable();
    t.unique(['vessel_id', 'user_id']);
    t.unique(['vessel_id', 'company_id']);
    t.index(['user_id']);
    t.index(['company_id']);
  });
  await knex.schema.createTable('document_categories', (t) => {
    t.increments('id');
    t.string('name', 100).notNullable().unique();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('document_categories');
  await knex.schema.dropTable('vessel_members');
  await knex.schema.dropTable('vessels');
  await knex.schema.dropTable('vessel_models');
}
