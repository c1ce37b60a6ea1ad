import type { Knex } from 'knex';

// Alerts module: the vessels whose alarms a user does not want by e-mail (they still see them in
// the app).
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('alert_mutes', (t) => {
    t.integer('vessel_id').notNullable().references('vessels.id').onDelete('CASCADE');
    t.integer('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.string('created_at', 30).notNullable();
    t.primary(['vessel_id', 'user_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('alert_mutes');
}
