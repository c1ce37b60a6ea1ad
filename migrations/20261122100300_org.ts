import type { Knex } from 'knex';

// Org module: company staff and company-to-company relationships.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('company_staff', (t) => {
    t.increments('id');
    t.integer('company_id').notNullable().references('companies.id').onDelete('CASCADE');
    t.integer('user_id').references('users.id').onDelete('CASCADE').unique();
    t.string('invited_email', 320);
    t.string('role', 20).notNullable().defaultTo('staff');
    t.text('permissions').notNullable().defaultTo('{}');
    t.boolean('paused').notNullable().defaultTo(false);
    t.string('status', 20).notNullable().defaultTo('active');
    t.string('created_at', 30).notNullable();
  });
  await knex.schema.createTable('company_relationships', (t) => {
    t.increments('id');
    t.integer('from_company_id').notNullable().references('companies.id').onDelete('CASCADE');
    t.integer('to_company_id').notNullable().references('companies.id').onDelete('CASCADE');
    t.string('status', 20).notNullable().defaultTo('pending');
    t.string('created_at', 30).notNullable();
    t.unique(['from_company_id', 'to_company_id']);
  });
  await knex.schema.createTable('company_clients', (t) => {
    t.increments('id');
    t.integer('company_id').notNullable().references('companies.id').onDelete('CASCADE');
    t.integer('user_id').references('users.id').onDelete('CASCADE');
    t.string('invited_email', 320);
    t.string('status', 20).notNullable().defaultTo('pending');
    t.string('created_at', 30).notNullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('company_clients');
  await knex.schema.dropTable('company_relationships');
  await knex.schema.dropTable('company_staff');
}
