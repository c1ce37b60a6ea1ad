import type { Knex } from 'knex';

// Devices module: the digest of the inventory a bridge last published, once its stored devices
// and properties were made to match it. A bridge sends its inventory on every connect, and again
// with the snapshot the server asks for, almost always byte for byte the last one: that one is
// recognised by its digest and costs one read instead of parsing, validating and comparing it
// (docs/performance.md, "10,000 bridges"). No row means the next inventory is compared in full.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('device_inventories', (t) => {
    t.integer('bridge_id').primary().references('bridges.id').onDelete('CASCADE');
    t.string('digest', 64).notNullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('device_inventories');
}
