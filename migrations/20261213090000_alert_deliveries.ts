import type { Knex } from 'knex';

// Notifications module (docs/decisions.md, "Delivery receipts"): every notification of an alarm,
// one row per recipient, channel and target (an e-mail address, a push device), with the time of
// each state it reached (queued, sent, accepted by the channel, opened, acknowledged, or failed
// with the reason); and how each alarm was acknowledged (by whom, through which channel and device).
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('alert_deliveries', (t) => {
    t.increments('id');
    t.integer('alert_id').notNullable().references('alerts.id').onDelete('CASCADE');
    t.integer('vessel_id').notNullable().references('vessels.id').onDelete('CASCADE');
    t.integer('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.string('channel', 16).notNullable();
    // The e-mail address or the push device's label, as it was when sent.
    t.string('target', 320).notNullable();
    t.integer('push_subscription_id');
    t.string('subject', 500).notNullable();
    // The key of the tracked link ("opened"): random, never reused.
    t.string('link_token', 64).notNullable().unique();
    t.string('state', 16).notNullable();
    t.string('reason', 500);
    t.string('note', 500);
    t.string('queued_at', 30).notNullable();
    t.string('sent_at', 30);
    t.string('accepted_at', 30);
    t.string('opened_at', 30);
    t.string('acknowledged_at', 30);
    t.string('failed_at', 30);
    t.index(['alert_id']);
  });
  await knex.schema.createTable('alert_acknowledgements', (t) => {
    t.integer('alert_id').primary().references('alerts.id').onDelete('CASCADE');
    t.integer('user_id').references('users.id').onDelete('SET NULL');
    // app, push, email or operator (the admin CLI).
    t.string('via', 16).notNullable();
    t.string('device', 320);
    t.integer('delivery_id');
    t.string('at', 30).notNullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('alert_acknowledgements');
  await knex.schema.dropTable('alert_deliveries');
}
