import type { Knex } from 'knex';

// Devices module: third-party systems (a marina's shore-power meter, a tracker) that post Signal K
// deltas into a vessel over HTTP with a token of their own. Only the token's keyed hash is kept;
// a null hash is an interface whose token was never issued.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('vessel_interfaces', (t) => {
    t.increments('id').primary();
    t.integer('vessel_id').notNullable().references('vessels.id').onDelete('CASCADE');
    t.string('name', 100).notNullable();
    t.string('token_hash', 64).unique();
    t.string('token_issued_at', 30);
    t.string('last_used_at', 30);
    t.string('created_at', 30).notNullable();
    t.index(['vessel_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('vessel_interfaces');
}
