import type { Knex } from 'knex';

// Routines module: a vessel's automations (the definition as JSON: triggers, conditions,
// actions), the trace of each run (the last 50 per routine are kept), and when each schedule
// trigger last fired, so a restart neither fires it twice nor misses it.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('routines', (t) => {
    t.increments('id');
    t.integer('vessel_id').notNullable().references('vessels.id').onDelete('CASCADE').index();
    t.string('name', 120).notNullable();
    t.boolean('enabled').notNullable().defaultTo(true);
    t.boolean('match_all').notNullable().defaultTo(true);
    t.string('mode', 10).notNullable();
    t.string('time_zone', 64).notNullable();
    t.text('definition').notNullable();
    t.integer('created_by').references('users.id').onDelete('SET NULL');
    t.string('created_at', 30).notNullable();
    t.string('updated_at', 30).notNullable();
  });
  await knex.schema.createTable('routine_runs', (t) => {
    t.increments('id');
    t.integer('routine_id').notNullable().references('routines.id').onDelete('CASCADE');
    t.string('started_at', 30).notNullable();
    t.string('finished_at', 30);
    t.string('outcome', 10).notNullable();
    t.text('trace').notNullable();
    t.index(['routine_id', 'id']);
  });
  await knex.schema.createTable('routine_schedules', (t) => {
    t.integer('routine_id').notNullable().references('routines.id').onDelete('CASCADE');
    t.integer('trigger_index').notNullable();
    t.bigInteger('last_fired_ms').notNullable();
    t.primary(['routine_id', 'trigger_index']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('routine_schedules');
  await knex.schema.dropTable('routine_runs');
  await knex.schema.dropTable('routines');
}
