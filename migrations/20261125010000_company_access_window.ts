import type { Knex } from 'knex';

// Company access with a window (docs/decisions.md, "Time-boxed company access"): a grant may
// start and end by itself, and the first request made under it is remembered so that the owner
// is told once. Grants made before these columns existed have no window and count as used.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('vessel_members', (t) => {
    t.string('starts_at', 30);
    t.string('ends_at', 30);
    t.string('first_used_at', 30);
  });
  await knex('vessel_members')
    .whereNotNull('company_id')
    .update({ first_used_at: knex.ref('created_at') });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('vessel_members', (t) => {
    t.dropColumn('starts_at');
    t.dropColumn('ends_at');
    t.dropColumn('first_used_at');
  });
}
