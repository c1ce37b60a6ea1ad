import type { Knex } from 'knex';

// Alerts module (docs/i18n.md, "The server's words"): an alarm the server words itself (a
// warning level, no data, the bridge offline, the geofence) keeps which sentence it is and its
// values beside the English message, so every reader gets it in their own language.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('alerts', (t) => {
    t.string('message_key', 40).nullable();
    t.text('message_params').nullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('alerts', (t) => {
    t.dropColumn('message_key');
    t.dropColumn('message_params');
  });
}
