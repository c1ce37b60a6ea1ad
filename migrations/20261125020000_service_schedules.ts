import type { Knex } from 'knex';

// Service module: maintenance items per vessel, their log and the log's documents.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('service_items', (t) => {
    t.increments('id');
    t.integer('vessel_id').notNullable().references('vessels.id').onDelete('CASCADE').index();
    t.string('name', 120).notNullable();
    t.string('engine', 60);
    t.float('interval_hours');
    t.integer('interval_months');
    t.float('reminder_hours').notNullable();
    t.integer('reminder_days').notNullable();
    t.string('last_done_on', 10).notNullable();
    t.float('last_done_hours');
    // The due (hours and date) the last reminder was sent for: one reminder per due.
    t.string('reminded_for', 60);
    t.integer('created_by').references('users.id').onDelete('SET NULL');
    t.string('created_at', 30).notNullable();
    t.string('updated_at', 30).notNullable();
  });
  await knex.schema.createTable('service_log', (t) => {
    t.increments('id');
    t.integer('vessel_id').notNullable().references('vessels.id').onDelete('CASCADE').index();
    t.integer('item_id').references('service_items.id').onDelete('SET NULL');
    t.string('item_name', 120).notNullable();
    t.string('done_on', 10).notNullable();
    t.float('run_hours');
    t.string('done_by', 200).notNullable();
    t.text('notes').notNullable();
    t.integer('recorded_by').references('users.id').onDelete('SET NULL');
    t.string('created_at', 30).notNullable();
  });
  await knex.schema.createTable('service_log_documents', (t) => {
    t.integer('log_id').notNullable().references('service_log.id').onDelete('CASCADE');
    t.integer('document_id').notNullable().references('vessel_documents.id').onDelete('CASCADE');
    t.primary(['log_id', 'document_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('service_log_documents');
  await knex.schema.dropTable('service_log');
  await knex.schema.dropTable('service_items');
}
