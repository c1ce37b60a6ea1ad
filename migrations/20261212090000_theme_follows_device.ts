import type { Knex } from 'knex';

// Users: the theme is nullable, null meaning "follow the device" (docs/decisions.md, "The account's
// theme"). It was stored as 'light' by default, so a stored 'light' cannot be told apart from a
// choice: those rows become null (the device decides, as it did), 'dark' was always chosen and stays.
//
// SQLite changes a column's nullability by copying the table, and must not enforce foreign keys
// while the original is dropped (that would cascade into sessions and everything else a user
// owns); the pragma is ignored inside a transaction, so this migration runs outside one.
export const config = { transaction: false };

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('users', (t) => {
    t.string('theme', 10).nullable().defaultTo(null).alter();
  });
  await knex('users').where({ theme: 'light' }).update({ theme: null });
}

export async function down(knex: Knex): Promise<void> {
  await knex('users').whereNull('theme').update({ theme: 'light' });
  await knex.schema.alterTable('users', (t) => {
    t.string('theme', 10).notNullable().defaultTo('light').alter();
  });
}
