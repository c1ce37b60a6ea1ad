import type { Knex } from 'knex';

/**
 * What controls the vessel besides the cloud (spec 000 §1 "controllers", §3 device type enum):
 * the MFDs and client apps the bridge reports in its `status` (docs/protocol.md), kept as the
 * bridge last said, with when it said it.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('bridges', (t) => {
    t.text('controllers');
    t.string('controllers_at', 30);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('bridges', (t) => {
    t.dropColumn('controllers');
    t.dropColumn('controllers_at');
  });
}
