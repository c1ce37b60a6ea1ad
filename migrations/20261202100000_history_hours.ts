import type { Knex } from 'knex';

// Devices module: compacted history (docs/decisions.md, "Compacted history"). Raw history rows the
// rollup job has read are merged, once their hour is over, into one row per series and clock hour:
// its samples packed (src/modules/devices/sample-codec.ts) in a blob. A table of its own, so the
// rollup job, which walks value_history in insertion order, never reads a sample twice.
export async function up(knex: Knex): Promise<void> {
  const postgres = knex.client.config.client === 'pg';
  await knex.raw(`CREATE TABLE value_history_hours (
    series_id INTEGER NOT NULL REFERENCES value_series (id) ON DELETE CASCADE,
    hour_ms BIGINT NOT NULL,
    count INTEGER NOT NULL,
    samples ${postgres ? 'BYTEA' : 'BLOB'} NOT NULL,
    PRIMARY KEY (series_id, hour_ms))`);
  // Already deflated: TOAST would only try to compress it again.
  if (postgres) await knex.raw('ALTER TABLE value_history_hours ALTER COLUMN samples SET STORAGE EXTERNAL');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('value_history_hours');
}
