import type { Knex } from 'knex';

// Vessel module: people who asked a vessel's owner for access, until the owner grants or declines.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('vessel_access_requests', (t) => {
    t.increments('id').primary();
    t.integer('vessel_id').notNullable().references('vessels.id').onDelete('CASCADE').index();
    t.integer('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.string('message', 500);
    t.string('status', 20).notNullable();
    t.string('created_at', 30).notNullable();
    t.string('decided_at', 30);
    t.unique(['vessel_id', 'user_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('vessel_access_requests');
}
