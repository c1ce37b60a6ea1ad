import type { Knex } from 'knex';

// Reports module (docs/decisions.md, "Monthly alarm report"): which vessel's report of which
// month has gone out. A node claims the row before it mails, so two nodes or a restart send a
// month's report once.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('alarm_report_mailings', (t) => {
    t.integer('vessel_id').notNullable().references('vessels.id').onDelete('CASCADE');
    // YYYY-MM, in the owner's time zone.
    t.string('month', 7).notNullable();
    t.string('sent_at', 30).notNullable();
    t.primary(['vessel_id', 'month']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('alarm_report_mailings');
}
