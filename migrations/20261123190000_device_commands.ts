import type { Knex } from 'knex';

// Devices module: every command to a device on board and its outcome (contracts/live.ts
// CommandStatus), the readable state behind `GET vessel/{id}/commands/{requestId}`, and the
// queue of commands waiting for an offline vessel. The request id is the client's, unique per
// vessel. Times are epoch milliseconds (BIGINT) so the expiry sweep compares numbers.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('device_commands', (t) => {
    t.increments('id');
    t.integer('vessel_id').notNullable().references('vessels.id').onDelete('CASCADE');
    t.integer('bridge_id').notNullable().references('bridges.id').onDelete('CASCADE');
    t.string('request_id', 64).notNullable();
    // The property may be replaced by a later inventory; the command keeps its id and path.
    t.integer('property_id').notNullable();
    t.string('path', 256).notNullable();
    t.text('value').notNullable();
    t.string('state', 16).notNullable();
    t.integer('status_code').notNullable();
    t.string('message', 1000);
    t.bigInteger('expires_at_ms');
    t.bigInteger('created_at_ms').notNullable();
    t.bigInteger('updated_at_ms').notNullable();
    t.unique(['vessel_id', 'request_id']);
    t.index(['bridge_id', 'state']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('device_commands');
}
