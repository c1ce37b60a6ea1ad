import type { Knex } from 'knex';

// Bridges module: each bridge's connection history (connects and disconnects, epoch ms), and staged
// software rollouts with their target bridges (docs/decisions.md, "Staged software rollouts").
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('bridge_connections', (t) => {
    t.increments('id');
    t.integer('bridge_id').notNullable().references('bridges.id').onDelete('CASCADE');
    t.string('event', 20).notNullable();
    t.bigInteger('at_ms').notNullable();
    t.index(['bridge_id', 'at_ms']);
  });
  await knex.schema.createTable('rollouts', (t) => {
    t.increments('id');
    t.string('version', 64).notNullable();
    t.string('status', 20).notNullable();
    t.integer('percentage').notNullable();
    t.integer('stage').notNullable();
    t.integer('failure_percent').notNullable();
    t.string('stop_reason', 500);
    t.integer('created_by');
    t.string('created_at', 30).notNullable();
    t.string('updated_at', 30).notNullable();
    t.string('finished_at', 30);
  });
  await knex.schema.createTable('rollout_targets', (t) => {
    t.increments('id');
    t.integer('rollout_id').notNullable().references('rollouts.id').onDelete('CASCADE');
    t.integer('bridge_id').notNullable().references('bridges.id').onDelete('CASCADE');
    t.integer('stage').notNullable();
    t.string('request_id', 64);
    t.string('state', 20).notNullable();
    t.integer('progress');
    t.string('message', 1000);
    t.string('sent_at', 30);
    t.string('updated_at', 30).notNullable();
    t.unique(['rollout_id', 'bridge_id']);
    t.index(['request_id']);
    t.index(['bridge_id', 'state']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('rollout_targets');
  await knex.schema.dropTable('rollouts');
  await knex.schema.dropTable('bridge_connections');
}
