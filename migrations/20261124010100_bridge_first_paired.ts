import type { Knex } from 'knex';

// Bridges: when a bridge was first paired with a vessel, which starts the vessel's 7-day test
// period (docs/decisions.md, "Billing"). Bridges paired before this column existed count from
// their last change.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('bridges', (t) => {
    t.string('first_paired_at', 30);
  });
  await knex('bridges')
    .whereNotNull('vessel_id')
    .update({ first_paired_at: knex.ref('updated_at') });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('bridges', (t) => t.dropColumn('first_paired_at'));
}
