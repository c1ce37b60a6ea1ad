import type { Knex } from 'knex';

// Org module: invitations that expire (staff and clients), who invited, and client notes.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('company_staff', (t) => {
    t.integer('invited_by').references('users.id').onDelete('SET NULL');
    t.string('expires_at', 30);
  });
  await knex.schema.alterTable('company_clients', (t) => {
    t.integer('invited_by').references('users.id').onDelete('SET NULL');
    t.string('expires_at', 30);
    t.string('accepted_at', 30);
    t.index(['company_id', 'status']);
    t.index(['user_id']);
  });
  await knex.schema.alterTable('company_relationships', (t) => {
    t.integer('created_by').references('users.id').onDelete('SET NULL');
  });
  await knex.schema.createTable('company_client_notes', (t) => {
    t.increments('id');
    t.integer('client_id').notNullable().references('company_clients.id').onDelete('CASCADE').index();
    t.integer('author_id').references('users.id').onDelete('SET NULL');
    t.text('message_text').notNullable();
    t.string('created_at', 30).notNullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('company_client_notes');
  await knex.schema.alterTable('company_relationships', (t) => {
    t.dropColumn('created_by');
  });
  await knex.schema.alterTable('company_clients', (t) => {
    t.dropIndex(['company_id', 'status']);
    t.dropIndex(['user_id']);
    t.dropColumn('invited_by');
    t.dropColumn('expires_at');
    t.dropColumn('accepted_at');
  });
  await knex.schema.alterTable('company_staff', (t) => {
    t.dropColumn('invited_by');
    t.dropColumn('expires_at');
  });
}
