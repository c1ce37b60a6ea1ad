import type { Knex } from 'knex';

// Vessel members: the name the inviter gave the person invited ("Marco, the skipper"), shown on
// the pending invitation until it is accepted; the account's own name is never shown before then
// (docs/decisions.md, "Invited crew have a name").
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('vessel_members', (t) => {
    t.string('invited_name', 100);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('vessel_members', (t) => t.dropColumn('invited_name'));
}
