import type { Knex } from 'knex';

// Devices module: history for charts (docs/decisions.md, "History for charts"). Per series,
// one-minute and one-hour rollups of its numeric samples, filled from value_history by a periodic
// job that walks the raw rows in insertion order: SQLite's rowid, on PostgreSQL a new id column
// (ingest does not name it, so its inserts are unchanged).
const ROLLUP_TABLES = ['value_rollup_minute', 'value_rollup_hour'];

export async function up(knex: Knex): Promise<void> {
  const sqlite = knex.client.config.client !== 'pg';
  for (const table of ROLLUP_TABLES) {
    // The primary key is the table's only index; on SQLite it is the table itself (WITHOUT ROWID).
    const columns = `series_id INTEGER NOT NULL REFERENCES value_series (id) ON DELETE CASCADE,
      bucket_ms BIGINT NOT NULL,
      min_value DOUBLE PRECISION NOT NULL,
      max_value DOUBLE PRECISION NOT NULL,
      sum_value DOUBLE PRECISION NOT NULL,
      sample_count INTEGER NOT NULL,
      last_value DOUBLE PRECISION NOT NULL,
      last_ms BIGINT NOT NULL,
      PRIMARY KEY (series_id, bucket_ms)`;
    await knex.raw(`CREATE TABLE ${table} (${columns})${sqlite ? ' WITHOUT ROWID' : ''}`);
  }
  // Where the job is: every raw row up to `cursor` is in the rollups; it rolls up to `horizon`,
  // the newest row when the previous pass began (so every transaction holding an earlier id has
  // committed), and `rolled_ms` is when that was: a reader takes rollups before it, raw samples after.
  await knex.schema.createTable('value_rollup_state', (t) => {
    t.integer('id').primary();
    t.bigInteger('cursor').notNullable();
    t.bigInteger('horizon').notNullable();
    t.bigInteger('horizon_ms').notNullable();
    t.bigInteger('rolled_ms').notNullable();
  });
  await knex('value_rollup_state').insert({ id: 1, cursor: 0, horizon: 0, horizon_ms: 0, rolled_ms: 0 });
  if (!sqlite) {
    await knex.raw('ALTER TABLE value_history ADD COLUMN id BIGSERIAL');
    await knex.raw('CREATE INDEX value_history_id_index ON value_history (id)');
  }
}

export async function down(knex: Knex): Promise<void> {
  if (knex.client.config.client === 'pg') await knex.raw('ALTER TABLE value_history DROP COLUMN id');
  await knex.schema.dropTable('value_rollup_state');
  for (const table of ROLLUP_TABLES) await knex.schema.dropTable(table);
}
