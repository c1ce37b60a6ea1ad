import type { Knex } from 'knex';

// Alerts module: the devices (phone or browser) a user subscribed to alarms by Web Push.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('push_subscriptions', (t) => {
    t.increments('id');
    t.integer('user_id').notNullable().references('users.id').onDelete('CASCADE').index();
    // The push service's address for the device: unique, a device re-subscribing replaces its row.
    t.string('endpoint', 1000).notNullable().unique();
    t.string('p256dh', 200).notNullable();
    t.string('auth', 100).notNullable();
    t.string('label', 120).notNullable();
    t.string('created_at', 30).notNullable();
    t.string('last_sent_at', 30);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('push_subscriptions');
}
