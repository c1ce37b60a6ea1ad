import type { Knex } from 'knex';

// Bridges: when the bridge's last pairing ended (unlinked, or its vessel deleted). What the bridge
// measured before then belongs to that pairing, which took its data with it; measured values
// that arrive later (a buffer flushed after the end) are not stored (docs/decisions.md, "What a
// bridge sends belongs to its pairing").
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('bridges', (t) => {
    t.string('pairing_ended_at', 30);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('bridges', (t) => t.dropColumn('pairing_ended_at'));
}
