import type { Knex } from 'knex';

// Alerts module: one lifecycle for every alarm (docs/decisions.md, "Alarms"). A silence lasts
// until a time (`silenced_until`), so it ends by itself and the alarm notifies again;
// `alert_log` records every transition with who made it and when, and notes added to it.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('alerts', (t) => {
    t.string('silenced_until', 30);
    t.string('priority', 20).notNullable().defaultTo('alarm');
  });
  // A cleared alert's state is `normal`; its priority stays what it was raised at.
  for (const [state, priority] of [
    ['emergency', 'emergency'],
    ['warn', 'warning'],
    ['alert', 'caution'],
  ])
    await knex('alerts').where({ state }).update({ priority });
  await knex.schema.alterTable('alerts', (t) => {
    t.dropColumn('silenced');
  });
  await knex.schema.createTable('alert_log', (t) => {
    t.increments('id');
    t.integer('alert_id').notNullable().references('alerts.id').onDelete('CASCADE');
    t.integer('bridge_id').notNullable().references('bridges.id').onDelete('CASCADE');
    t.string('path', 256).notNullable();
    t.string('action', 20).notNullable();
    t.string('state', 20).notNullable();
    t.integer('user_id');
    t.string('message_text', 5000).notNullable().defaultTo('');
    t.string('at', 30).notNullable();
    t.index(['alert_id']);
    t.index(['bridge_id', 'path']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('alert_log');
  await knex.schema.alterTable('alerts', (t) => {
    t.boolean('silenced').notNullable().defaultTo(false);
  });
  await knex.schema.alterTable('alerts', (t) => {
    t.dropColumn('silenced_until');
    t.dropColumn('priority');
  });
}
