import type { Knex } from 'knex';

// Alerts: the device and property an alarm is about, named as the Devices tab names them when it
// was raised, so that banners, e-mails and push messages never show a raw Signal K path
// (docs/decisions.md, "Alarms name the device and the property").
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('alerts', (t) => {
    t.string('device_name', 200);
    t.string('property_name', 200);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('alerts', (t) => {
    t.dropColumn('device_name');
    t.dropColumn('property_name');
  });
}
