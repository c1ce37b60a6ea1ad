/**
 * Backup and restore (docs/operations.md): a backup taken while a fleet of bridges ingests
 * restores into an empty place to a database that passes its integrity check and holds every
 * value acknowledged (PUBACK) before the backup began; restore refuses an occupied place and a
 * damaged archive.
 */
import { appendFileSync, existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, type Config } from '../../src/config.js';
import { createBackup } from '../../src/platform/backup/backup.js';
import { restoreBackup } from '../../src/platform/backup/restore.js';
import { createTestServer, type TestServer } from '../helpers/server.js';
import { connectBridge, delta, pairedBridge } from '../mqtt/helpers.js';

const FLEET = ['Sea Breeze', 'Northern Star', 'Blue Horizon'];
let t: TestServer;
const bridges: Array<{ serial: string; id: number; client: MqttClient }> = [];
const out = mkdtempSync(join(tmpdir(), 'vessel-link-backups-'));

beforeAll(async () => {
  // SQLite's online backup API is what this file proves; the PostgreSQL path is pg_dump (docs/operations.md).
  t = await createTestServer({ demo: true, listen: true, dialect: 'sqlite' });
  const admin = await t.login('admin@demo.test');
  const vessels = (await t.database.db('vessels').select('name')).map((v: { name: string }) => v.name);
  for (const [i, name] of FLEET.filter((n) => vessels.includes(n)).entries()) {
    const bridge = await pairedBridge(t, admin, name, `BR-BACKUP-${i}`);
    bridges.push({ serial: bridge.serial, id: bridge.id, client: await connectBridge(t, bridge) });
  }
  writeFileSync(join(t.config.dataDir, 'document.bin'), Buffer.from('a document kept in the data directory'));
});
afterAll(async () => {
  for (const b of bridges) await b.client.endAsync();
  await t.close();
});

/** A fresh, empty place to restore into. */
function emptyPlace(): Config {
  const dir = mkdtempSync(join(tmpdir(), 'vessel-link-restore-'));
  return loadConfig({ NODE_ENV: 'test', DATABASE_URL: join(dir, 'data', 'vessel-link.db'), DATA_DIR: join(dir, 'data'), DEMO: 'off' });
}

describe('backup while the fleet ingests', () => {
  it('restores every value acknowledged before the backup began, into a database that passes its integrity check', async () => {
    expect(bridges.length).toBeGreaterThanOrEqual(2);
    // Each bridge publishes QoS 1 deltas one after the other; a resolved publish is a PUBACK.
    const acknowledged = new Map<string, number[]>();
    let sequence = 0;
    let backupStarted = false;
    let stop = false;
    const before: Array<{ serial: string; value: number }> = [];
    const publishing = bridges.map(async ({ serial, client }) => {
      acknowledged.set(serial, []);
      while (!stop) {
        const value = ++sequence;
        const startedBeforeBackup = !backupStarted;
        await client.publishAsync(`bridges/${serial}/delta`, delta([{ path: 'environment.inside.temperature', value }]), { qos: 1 });
        acknowledged.get(serial)!.push(value);
        if (startedBeforeBackup && !backupStarted) before.push({ serial, value });
      }
    });
    while (before.length < 60) await new Promise((resolve) => setImmediate(resolve));
    // Only values whose PUBACK arrived before this point are promised.
    const promised = [...before];
    backupStarted = true;
    const file = join(out, 'during-ingest.tar');
    const fractions: number[] = [];
    const result = await createBackup(t.config, file, (f) => fractions.push(f));
    const afterBackup = sequence;
    stop = true;
    await Promise.all(publishing);
    expect(afterBackup).toBeGreaterThan(promised.length);
    expect(fractions.at(-1)).toBe(1);
    expect(readFileSync(`${file}.sha256`, 'utf8')).toContain(result.sha256);
    expect(readdirSync(out).sort()).toEqual(['during-ingest.tar', 'during-ingest.tar.sha256']);
    expect(result.entries.map((e) => e.name)).toEqual(expect.arrayContaining(['database.sqlite', 'data/document.bin']));

    const place = emptyPlace();
    const restored = await restoreBackup(place, file);
    expect(restored).toMatchObject({ dialect: 'sqlite', archiveChecksum: 'matches' });
    expect(readFileSync(join(place.dataDir, 'document.bin'), 'utf8')).toBe('a document kept in the data directory');

    const db = new Database(place.databaseUrl, { readonly: true });
    try {
      expect(db.pragma('integrity_check')).toEqual([{ integrity_check: 'ok' }]);
      const stored = new Map<string, Set<number>>();
      const rows = db
        .prepare(
          "select b.serial, h.samples from value_history h join value_series s on s.id = h.series_id join bridges b on b.id = s.bridge_id where s.path = 'environment.inside.temperature'",
        )
        .all() as Array<{ serial: string; samples: string }>;
      // Samples not yet folded by the rollup job are in the batch rows ingest wrote, with their series.
      const unfolded = db
        .prepare(
          "select b.serial, s.id as series_id, v.samples from value_batches v join bridges b on b.id = v.bridge_id join value_series s on s.bridge_id = b.id where s.path = 'environment.inside.temperature'",
        )
        .all() as Array<{ serial: string; series_id: number; samples: string }>;
      const add = (serial: string, value: number) => (stored.get(serial) ?? stored.set(serial, new Set()).get(serial)!).add(value);
      for (const row of rows) for (const [, value] of JSON.parse(row.samples) as Array<[number, number]>) add(row.serial, value);
      for (const row of unfolded)
        for (const [seriesId, , value] of JSON.parse(row.samples) as Array<[number, number, number]>) if (seriesId === row.series_id) add(row.serial, value);
      const missing = promised.filter(({ serial, value }) => !stored.get(serial)?.has(value));
      expect(missing).toEqual([]);
      const [{ n: vessels }] = await t.database.db('vessels').count({ n: '*' });
      expect(db.prepare('select count(*) as n from vessels').get()).toEqual({ n: Number(vessels) });
    } finally {
      db.close();
    }
  });

  it('refuses to restore over an existing database or a running server', async () => {
    const file = join(out, 'refusals.tar');
    await createBackup(t.config, file);
    await expect(restoreBackup(t.config, file)).rejects.toThrow(/running|already exists/);
    const place = emptyPlace();
    await restoreBackup(place, file);
    await expect(restoreBackup(place, file)).rejects.toThrow(/already exists/);
  });

  it('refuses a damaged archive and leaves the place empty', async () => {
    const file = join(out, 'damaged.tar');
    await createBackup(t.config, file);
    appendFileSync(file, Buffer.from('tampered'));
    const place = emptyPlace();
    await expect(restoreBackup(place, file)).rejects.toThrow(/checksum/);
    expect(existsSync(place.databaseUrl)).toBe(false);
  });

  it('refuses to overwrite an existing backup file', async () => {
    const file = join(out, 'taken.tar');
    writeFileSync(file, 'something else');
    await expect(createBackup(t.config, file)).rejects.toThrow(/already exists/);
  });
});
