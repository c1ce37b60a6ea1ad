import type { Knex } from 'knex';

// Platform tables: outgoing mail, uploaded files and the audit trail.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('mail_outbox', (t) => {
    t.increments('id');
    t.string('to_address', 320).notNullable();
    t.string('subject', 300).notNullable();
    t.text('body');
    t.string('transport', 10).notNullable();
    t.string('sent_at', 30);
    t.string('error', 500);
    t.string('created_at', 30).notNullable();
  });
  await knex.schema.createTable('files', (t) => {
    t.string('id', 36).primary();
    t.string('mime', 100).notNullable();
    t.integer('size').notNullable();
    t.string('name', 255);
    t.binary('data').notNullable();
    t.integer('owner_user_id');
    t.string('created_at', 30).notNullable();
  });
  await knex.schema.createTable('audit_log', (t) => {
    t.increments('id');
    t.string('at', 30).notNullable().index();
    t.integer('actor_id').index();
    t.string('actor_email', 320);
    t.string('action', 200).notNullable();
    t.string('target_type', 50);
    t.string('target_id', 100);
    t.integer('vessel_id').index();
    t.integer('outcome').notNullable();
    t.text('details');
    t.string('ip', 64);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('audit_log');
  await knex.schema.dropTable('files');
  await knex.schema.dropTable('mail_outbox');
}
