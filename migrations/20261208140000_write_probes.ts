import type { Knex } from 'knex';

// The database layer (src/db/write-health.ts): a row written now and then to learn whether the
// database takes writes (a full disk or a read-only database fails writes while reads still
// answer). It holds one row at most, the last probe's (docs/operations.md, "When the database
// refuses writes").
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('write_probes', (t) => {
    t.increments('id');
    t.bigInteger('at_ms').notNullable();
    t.binary('filler').notNullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('write_probes');
}
