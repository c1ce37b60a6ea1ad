import type { Knex } from 'knex';

// Vessel module: the vessel's cameras, fetched through the server (never by the browser).
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('vessel_cameras', (t) => {
    t.increments('id').primary();
    t.integer('vessel_id').notNullable().references('vessels.id').onDelete('CASCADE').index();
    t.string('name', 100).notNullable();
    t.string('stream_url', 2000).notNullable();
    t.string('snapshot_url', 2000);
    t.string('created_at', 30).notNullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('vessel_cameras');
}
