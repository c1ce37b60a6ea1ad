import type { Knex } from 'knex';

// Notifications module (docs/decisions.md, "SMS and voice"): each person's phone number for
// alarms (verified by a code sent by SMS; the code kept as a hash), what follows an alarm they
// were told of and nobody acknowledged (a text or a call, after how long), the timers of those
// follow-ups, and the channel an escalation step may name (null: e-mail and push, as before).
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('user_phones', (t) => {
    t.integer('user_id').primary().references('users.id').onDelete('CASCADE');
    // E.164; null until a first number is verified.
    t.string('number', 16);
    t.string('verified_at', 30);
    t.string('pending_number', 16);
    t.string('code_hash', 64);
    t.string('code_expires_at', 30);
    // sms, voice or off.
    t.string('follow_up', 8).notNullable().defaultTo('sms');
    t.integer('follow_up_seconds').notNullable().defaultTo(60);
    t.string('updated_at', 30).notNullable();
    t.index(['number']);
  });
  await knex.schema.createTable('alert_followups', (t) => {
    t.integer('alert_id').notNullable().references('alerts.id').onDelete('CASCADE');
    t.integer('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.integer('vessel_id').notNullable().references('vessels.id').onDelete('CASCADE');
    t.string('channel', 8).notNullable();
    t.string('due_at', 30).notNullable();
    t.primary(['alert_id', 'user_id']);
    t.index(['due_at']);
  });
  await knex.schema.alterTable('escalation_steps', (t) => {
    t.string('channel', 8);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('escalation_steps', (t) => {
    t.dropColumn('channel');
  });
  await knex.schema.dropTable('alert_followups');
  await knex.schema.dropTable('user_phones');
}
