import type { Knex } from 'knex';

/**
 * Service requests (docs/api.md, "Service requests"): an owner asks a company with access to a
 * vessel to look at an alarm. The alarm and its values' last 24 h are kept as they stood when
 * asked (the alarm may be deleted with its pairing, the history pruned); `log_id` is the service
 * log entry the company wrote when it marked the request done.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('service_requests', (t) => {
    t.increments('id');
    t.integer('vessel_id').notNullable().references('vessels.id').onDelete('CASCADE').index();
    t.integer('company_id').notNullable().references('companies.id').onDelete('CASCADE').index();
    t.integer('alert_id').references('alerts.id').onDelete('SET NULL');
    t.text('alarm').notNullable();
    t.text('evidence').notNullable();
    t.text('message').notNullable();
    t.integer('thread_id').references('message_threads.id').onDelete('SET NULL');
    t.string('status', 10).notNullable();
    t.integer('requested_by').references('users.id').onDelete('SET NULL');
    t.string('created_at', 30).notNullable();
    t.string('done_at', 30);
    t.integer('done_by').references('users.id').onDelete('SET NULL');
    t.integer('log_id').references('service_log.id').onDelete('SET NULL');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('service_requests');
}
