/**
 * A full disk (docs/operations.md, "Faults"): the real server runs as a process with its data
 * directory and SQLite database on a small tmpfs, which a filler file then fills while a bridge
 * streams. The server says it is not ready and keeps running; once the
 * filler is deleted it takes writes again, the bridge is let back in, and every value the bridge
 * had a PUBACK for is stored. Mounting needs root (CI runs as root); skipped, saying why, without.
 */
import { spawnSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, rmSync, statfsSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, describe, expect, it } from 'vitest';
import { createDatabase } from '../../src/db/knex.js';
import { samplesOf, storedChunks } from '../../src/modules/telemetry/history-repository.js';
import { startRunningServer, type ServerProcess } from '../helpers/process.js';
import { delta, eventually } from '../mqtt/helpers.js';

const disk = mkdtempSync(join(tmpdir(), 'vessel-link-full-disk-'));
// One SQLite pass is enough: the data directory's disk is what is under test, not the database's dialect.
const mounted = !process.env.TEST_DATABASE_URL && spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=48m', 'tmpfs', disk]).status === 0;
if (!mounted) console.warn('tests/ops/full-disk.test.ts skipped: no tmpfs could be mounted (needs root), or the PostgreSQL pass');

const PATH = 'propulsion.main.revolutions';
const filler = join(disk, 'filler');
let server: ServerProcess | null = null;
afterAll(() => {
  if (server && server.child.exitCode === null) server.child.kill('SIGKILL');
  if (mounted) spawnSync('umount', ['-l', disk]);
});

/** Writes `file` until the disk at `dir` has at most `leave` bytes free, or refuses another byte. */
function fillDisk(dir: string, file: string, leave: number) {
  const fd = openSync(file, 'w');
  const chunk = Buffer.alloc(1024 * 1024);
  try {
    for (;;) {
      const { bavail, bsize } = statfsSync(dir);
      const room = bavail * bsize - leave;
      if (room <= 0) return;
      writeSync(fd, chunk, 0, Math.min(chunk.length, room));
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error;
  } finally {
    closeSync(fd);
  }
}

async function api(method: string, path: string, body?: unknown, token?: string) {
  const res = await fetch(`http://127.0.0.1:${server!.port}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as { data: any } };
}

describe.runIf(mounted)('a full disk under ingest', () => {
  it('keeps running, is not ready while the disk is full, takes writes again once space is freed, and stores every value it acknowledged', async () => {
    server = await startRunningServer({ DEMO: 'on', DATA_DIR: disk, DATABASE_URL: join(disk, 'vessel-link.db') });
    const token = (await api('POST', '/api/auth/login', { username: 'admin@demo.test', password: 'vessel-link-demo' })).body.data.token;
    const bridge = (await api('POST', '/api/admin/reportingClients', { serial: 'BR-FULL-DISK' }, token)).body.data;
    const acked = new Set<number>();
    let next = 0;
    let stop = false;
    const start = Date.now() - 3_600_000;
    let client: MqttClient | null = null;

    // A bridge that publishes 20 deltas at a time and reconnects when it is let go or refused.
    const streaming = (async () => {
      while (!stop) {
        if (!client?.connected) {
          client?.end(true);
          client = await mqtt
            .connectAsync(`mqtt://127.0.0.1:${server!.mqttPort}`, {
              clientId: bridge.serial,
              username: bridge.serial,
              password: bridge.secret,
              reconnectPeriod: 0,
              protocolVersion: 4,
              connectTimeout: 3000,
            })
            .catch(() => null);
          client?.on('error', () => {});
          if (!client) await new Promise((r) => setTimeout(r, 200));
          continue;
        }
        const window = Array.from({ length: 20 }, () => {
          const n = next++;
          const payload = delta([{ path: PATH, value: n }], { timestamp: new Date(start + n).toISOString() });
          return Promise.race([
            client!.publishAsync(`bridges/${bridge.serial}/delta`, payload, { qos: 1 }).then(() => acked.add(n)),
            new Promise((r) => setTimeout(r, 3000)),
          ]).catch(() => {});
        });
        await Promise.all(window);
      }
    })();
    await eventually(() => acked.size >= 200, 'values acknowledged before the disk fills', 30_000);

    // Fill the disk but for 64 KiB. The server writes to the same disk meanwhile, so the filler grows a
    // MiB at a time and a write the disk refuses means it is full already.
    fillDisk(disk, filler, 64 * 1024);
    await eventually(async () => (await api('GET', '/api/health/ready')).status === 503, 'readiness 503 with the disk full', 30_000);
    const whileFull = acked.size;
    expect(server.child.exitCode).toBeNull();

    rmSync(filler);
    await eventually(async () => (await api('GET', '/api/health/ready')).status === 200, 'ready again once space is freed', 30_000);
    await eventually(() => acked.size >= whileFull + 200, 'acknowledging again', 30_000);
    stop = true;
    await streaming;
    (client as MqttClient | null)?.end(true);

    const db = createDatabase(join(disk, 'vessel-link.db'));
    try {
      const series = await db('value_series')
        .join('bridges', 'bridges.id', 'value_series.bridge_id')
        .where({ serial: bridge.serial, path: PATH })
        .first('value_series.id');
      const stored = new Set((await storedChunks(db, series.id, 0, Number.MAX_SAFE_INTEGER, 0)).flatMap((c) => samplesOf(c).map(([, v]) => v as number)));
      const lost = [...acked].filter((n) => !stored.has(n));
      expect({ acknowledged: acked.size, lost }).toEqual({ acknowledged: acked.size, lost: [] });
    } finally {
      await db.destroy();
    }
  }, 150_000);
});
