import type { Knex } from 'knex';

// Bridges module: reporting clients (the bridges' MQTT identities), their pairing with vessels,
// daily usage, and the admin requests sent to them (reboot, software update, log level).
// Timestamps written on every packet are epoch milliseconds (BIGINT); the rest are ISO strings.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('bridges', (t) => {
    t.increments('id');
    t.string('serial', 64).notNullable().unique();
    t.string('secret_hash', 64).notNullable();
    t.string('pairing_code_hash', 64).unique();
    t.integer('vessel_id').unique().references('vessels.id').onDelete('SET NULL');
    t.string('version', 64);
    t.boolean('online').notNullable().defaultTo(false);
    t.bigInteger('last_seen_ms');
    t.string('created_at', 30).notNullable();
    t.string('updated_at', 30).notNullable();
  });
  await knex.schema.createTable('bridge_usage', (t) => {
    t.integer('bridge_id').notNullable().references('bridges.id').onDelete('CASCADE');
    t.string('day', 10).notNullable();
    t.bigInteger('messages').notNullable().defaultTo(0);
    t.bigInteger('bytes').notNullable().defaultTo(0);
    t.bigInteger('rejected').notNullable().defaultTo(0);
    t.primary(['bridge_id', 'day']);
  });
  await knex.schema.createTable('bridge_requests', (t) => {
    t.increments('id');
    t.integer('bridge_id').notNullable().references('bridges.id').onDelete('CASCADE');
    t.string('request_id', 64).notNullable().unique();
    t.string('action', 20).notNullable();
    t.string('version', 64);
    t.string('level', 20);
    t.string('state', 20).notNullable();
    t.integer('progress');
    t.string('message', 1000);
    t.integer('requested_by');
    t.string('created_at', 30).notNullable();
    t.string('updated_at', 30).notNullable();
    t.index(['bridge_id', 'action']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('bridge_requests');
  await knex.schema.dropTable('bridge_usage');
  await knex.schema.dropTable('bridges');
}
