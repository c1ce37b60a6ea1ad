import type { Knex } from 'knex';

// Devices module: the history a group commit writes, one row per bridge and batch (SQLite): its
// samples as JSON [[series_id, ts_ms, value], ...], spanning at most an hour. Writing a batch's
// samples in one row instead of a row (or an append) per series is what lets a busy bridge's
// commits touch a few pages; the rollup job folds these rows into value_history's per-series
// rows a minute or so later, and readers take both meanwhile (docs/decisions.md, "History as a
// batch writes it"; docs/performance.md, "Single-connection ingest", eleventh round). PostgreSQL
// keeps writing value_history directly (one multi-row statement a batch); the table is there too.
export async function up(knex: Knex): Promise<void> {
  const postgres = knex.client.config.client === 'pg';
  // On SQLite an INTEGER PRIMARY KEY is the rowid (no AUTOINCREMENT: its counter table would be one more page a commit).
  await knex.raw(`CREATE TABLE value_batches (
    seq ${postgres ? 'BIGSERIAL' : 'INTEGER'} PRIMARY KEY,
    bridge_id INTEGER NOT NULL REFERENCES bridges (id) ON DELETE CASCADE,
    from_ms BIGINT NOT NULL,
    to_ms BIGINT NOT NULL,
    count INTEGER NOT NULL,
    samples TEXT NOT NULL)`);
  await knex.raw('CREATE INDEX value_batches_bridge_id_from_ms_index ON value_batches (bridge_id, from_ms)');
}

export async function down(knex: Knex): Promise<void> {
  // What was not folded yet moves into value_history, where the code before this one reads history.
  const rows: Array<{ samples: string }> = await knex('value_batches').orderBy('seq').select('samples');
  const bySeries = new Map<number, Array<[number, unknown]>>();
  for (const row of rows)
    for (const [seriesId, tsMs, value] of JSON.parse(row.samples) as Array<[number, number, unknown]>) {
      const samples = bySeries.get(seriesId) ?? [];
      bySeries.set(seriesId, samples);
      samples.push([tsMs, value]);
    }
  for (const [seriesId, samples] of bySeries) {
    samples.sort((a, b) => a[0] - b[0]);
    // A raw row spans at most an hour (readers look back that far for a row's start).
    for (let start = 0; start < samples.length;) {
      let end = start + 1;
      while (end < samples.length && end - start < 1000 && samples[end][0] - samples[start][0] <= 3600_000) end++;
      const chunk = samples.slice(start, end);
      await knex('value_history').insert({
        series_id: seriesId,
        from_ms: chunk[0][0],
        to_ms: chunk[chunk.length - 1][0],
        count: chunk.length,
        samples: JSON.stringify(chunk),
      });
      start = end;
    }
  }
  await knex.schema.dropTable('value_batches');
}
