import type { Knex } from 'knex';

// Login limits moved to the rate-limit counters (src/modules/auth/login-throttle.ts): failures
// are counted before the password is checked, which a table written after the check could not do.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('login_failures');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.createTable('login_failures', (t) => {
    t.increments('id');
    t.string('email', 320).notNullable().index();
    t.string('ip', 64).notNullable().index();
    t.string('at', 30).notNullable().index();
  });
}
