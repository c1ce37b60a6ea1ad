import type { Knex } from 'knex';

// Auth module: accounts, sessions, one-time tokens and codes, login failures.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('users', (t) => {
    t.increments('id');
    t.string('email', 320).notNullable().unique();
    t.string('password_hash', 200);
    t.string('first_name', 100).notNullable().defaultTo('');
    t.string('last_name', 100).notNullable().defaultTo('');
    t.string('phone', 50);
    t.string('country_code', 2);
    t.string('language_code', 10);
    t.string('image_file_id', 36);
    t.boolean('is_admin').notNullable().defaultTo(false);
    t.string('status', 20).notNullable().defaultTo('pending');
    t.string('unit_system', 10).notNullable().defaultTo('metric');
    t.string('theme', 10).notNullable().defaultTo('light');
    t.string('time_format', 4).notNullable().defaultTo('24h');
    t.string('time_zone', 64).notNullable().defaultTo('Universal');
    t.string('created_at', 30).notNullable();
    t.string('updated_at', 30).notNullable();
  });
  await knex.schema.createTable('sessions', (t) => {
    t.string('id', 64).primary();
    t.integer('user_id').notNullable().references('users.id').onDelete('CASCADE').index();
    t.string('created_at', 30).notNullable();
    t.string('expires_at', 30).notNullable();
    t.string('revoked_at', 30);
    t.string('last_seen_at', 30);
    t.string('user_agent', 300);
    t.string('ip', 64);
  });
  await knex.schema.createTable('one_time_tokens', (t) => {
    t.increments('id');
    t.integer('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.string('purpose', 30).notNullable();
    t.string('token_hash', 64).notNullable().unique();
    t.string('target_id', 64);
    t.string('expires_at', 30).notNullable();
    t.string('used_at', 30);
    t.string('created_at', 30).notNullable();
  });
  await knex.schema.createTable('login_failures', (t) => {
    t.increments('id');
    t.string('email', 320).notNullable().index();
    t.string('ip', 64).notNullable().index();
    t.string('at', 30).notNullable().index();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('login_failures');
  await knex.schema.dropTable('one_time_tokens');
  await knex.schema.dropTable('sessions');
  await knex.schema.dropTable('users');
}
