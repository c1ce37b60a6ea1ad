import type { Knex } from 'knex';

// Alerts module (docs/decisions.md, "One notice per outage"): the delay after which a vessel whose
// bridge lost its connection is announced offline (default 15 minutes), and each outage, from the
// first disconnect until the bridge has been back steadily, with whether it was announced, so that
// a restart neither repeats nor forgets a notice.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('vessel_alarm_settings', (t) => {
    t.integer('offline_minutes').notNullable().defaultTo(15);
  });
  await knex.schema.createTable('vessel_outages', (t) => {
    t.increments('id');
    t.integer('vessel_id').notNullable().references('vessels.id').onDelete('CASCADE');
    t.integer('bridge_id').notNullable().references('bridges.id').onDelete('CASCADE');
    // The first disconnect; while disconnected, since when; while connected again, since when.
    t.bigInteger('started_ms').notNullable();
    t.bigInteger('offline_since_ms');
    t.bigInteger('connected_since_ms');
    // When the offline notice went out (null: not announced), and when the outage ended.
    t.bigInteger('announced_ms');
    t.bigInteger('ended_ms');
    t.index(['vessel_id', 'ended_ms']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('vessel_outages');
  await knex.schema.alterTable('vessel_alarm_settings', (t) => t.dropColumn('offline_minutes'));
}
