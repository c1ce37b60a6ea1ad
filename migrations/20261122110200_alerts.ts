import type { Knex } from 'knex';

// Alerts module: vessel alerts raised and cleared by Signal K notifications (docs/protocol.md), kept
// against the bridge that reported them. `notified_ms` is the timestamp of the newest
// notification applied, so late (store-and-forward) notifications never undo newer ones.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('alerts', (t) => {
    t.increments('id');
    t.integer('bridge_id').notNullable().references('bridges.id').onDelete('CASCADE');
    t.string('path', 256).notNullable();
    t.string('state', 20).notNullable();
    t.string('message', 1000).notNullable().defaultTo('');
    t.bigInteger('notified_ms').notNullable();
    t.string('raised_at', 30).notNullable();
    t.string('updated_at', 30).notNullable();
    t.string('cleared_at', 30);
    t.string('acknowledged_at', 30);
    t.integer('acknowledged_by');
    t.boolean('silenced').notNullable().defaultTo(false);
    t.integer('silenced_by');
    t.index(['bridge_id', 'path']);
    t.index(['bridge_id', 'cleared_at']);
    t.index(['raised_at']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('alerts');
}
