import type { Knex } from 'knex';

// Alerts module (docs/decisions.md, "Alarms"): shelving (an alarm point out of service with a
// reason and an end time), the vessel's mode and the alarm sources each mode suppresses, the
// vessel's no-data time, each member's own notification settings (per-channel minimum priority,
// quiet hours, geofence notifications) and the escalation ladder with its stored timers.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('alarm_shelves', (t) => {
    t.increments('id');
    t.integer('bridge_id').notNullable().references('bridges.id').onDelete('CASCADE');
    t.string('origin', 20).notNullable();
    t.string('path', 256).notNullable();
    t.string('reason', 1000).notNullable();
    t.string('until', 30).notNullable();
    t.integer('shelved_by');
    t.string('created_at', 30).notNullable();
    t.string('ended_at', 30);
    t.index(['bridge_id', 'ended_at']);
  });
  await knex.schema.createTable('vessel_alarm_settings', (t) => {
    t.integer('vessel_id').primary().references('vessels.id').onDelete('CASCADE');
    t.string('mode', 20).notNullable().defaultTo('at-sea');
    t.integer('no_data_minutes').notNullable().defaultTo(15);
    t.string('updated_at', 30).notNullable();
  });
  await knex.schema.createTable('alarm_mode_suppressions', (t) => {
    t.integer('vessel_id').notNullable().references('vessels.id').onDelete('CASCADE');
    t.string('mode', 20).notNullable();
    t.string('source', 256).notNullable();
    t.primary(['vessel_id', 'mode', 'source']);
  });
  await knex.schema.createTable('user_notification_settings', (t) => {
    t.integer('user_id').primary().references('users.id').onDelete('CASCADE');
    t.string('email_min', 20).notNullable().defaultTo('caution');
    t.string('push_min', 20).notNullable().defaultTo('caution');
    t.string('in_app_min', 20).notNullable().defaultTo('caution');
    t.string('quiet_start', 5);
    t.string('quiet_end', 5);
    t.string('updated_at', 30).notNullable();
  });
  await knex.schema.createTable('geofence_notify', (t) => {
    t.integer('vessel_id').notNullable().references('vessels.id').onDelete('CASCADE');
    t.integer('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.boolean('enabled').notNullable();
    t.primary(['vessel_id', 'user_id']);
  });
  await knex.schema.createTable('escalation_steps', (t) => {
    t.increments('id');
    t.integer('vessel_id').notNullable().references('vessels.id').onDelete('CASCADE');
    t.integer('position').notNullable();
    t.integer('after_minutes').notNullable();
    t.string('target_kind', 10).notNullable();
    t.integer('target_user_id');
    t.string('target_role', 20);
    t.integer('target_company_id');
    t.index(['vessel_id', 'position']);
  });
  await knex.schema.createTable('alert_escalations', (t) => {
    t.integer('alert_id').primary().references('alerts.id').onDelete('CASCADE');
    t.integer('vessel_id').notNullable().references('vessels.id').onDelete('CASCADE');
    t.integer('next_position').notNullable();
    t.string('due_at', 30).notNullable();
    t.index(['due_at']);
  });
}

export async function down(knex: Knex): Promise<void> {
  for (const table of [
    'alert_escalations',
    'escalation_steps',
    'geofence_notify',
    'user_notification_settings',
    'alarm_mode_suppressions',
    'vessel_alarm_settings',
    'alarm_shelves',
  ])
    await knex.schema.dropTable(table);
}
