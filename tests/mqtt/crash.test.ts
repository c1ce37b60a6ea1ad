/**
 * docs/protocol.md: "A QoS 1 delta is acknowledged only once it is stored". The real server runs as a
 * child process on a SQLite file; a bridge publishes one stream as fast as it can, and the server
 * is killed with SIGKILL at several points of it (after 10 %, 50 % and 90 % of the messages were
 * sent). After each kill the server is restarted on the same file: every value the bridge got a
 * PUBACK for must be in the history, the current value must be the newest stored, and the
 * restarted server must take the rest of the stream.
 */
import { join } from 'node:path';
import mqtt from 'mqtt';
import { afterAll, describe, expect, it } from 'vitest';
import { createDatabase } from '../../src/db/knex.js';
import { samplesOf, storedChunks } from '../../src/modules/telemetry/history-repository.js';
import { startRunningServer, type ServerProcess } from '../helpers/process.js';
import { delta } from './helpers.js';

let server: ServerProcess | null = null;
afterAll(() => {
  if (server && server.child.exitCode === null) server.child.kill('SIGKILL');
});

async function api(port: string, method: string, path: string, body?: unknown, token?: string) {
  const res = await fetch(`http://127.0.0.1:${port}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return (await res.json()) as { data: any };
}

const PATH = 'propulsion.main.revolutions';
const TOTAL = 6000;
const KILL_POINTS = [0.1, 0.5, 0.9];

describe('a server killed during ingest', () => {
  it('loses no value it acknowledged, wherever in the stream it is killed, and carries on after a restart', async () => {
    server = await startRunningServer({ DEMO: 'on' });
    const dataDir = server.dataDir;
    const token = (await api(server.port, 'POST', '/api/auth/login', { username: 'admin@demo.test', password: 'vessel-link-demo' })).data.token;
    const bridge = (await api(server.port, 'POST', '/api/admin/reportingClients', { serial: 'BR-CRASH' }, token)).data;
    const acked: number[] = [];
    let sent = 0;
    const start = Date.now() - 3_600_000;

    for (const point of KILL_POINTS) {
      const running: ServerProcess = server;
      const client = await mqtt.connectAsync(`mqtt://127.0.0.1:${running.mqttPort}`, {
        clientId: bridge.serial,
        username: bridge.serial,
        password: bridge.secret,
        reconnectPeriod: 0,
        protocolVersion: 4,
      });
      client.on('error', () => {});
      // Many messages in flight at once, so the kill lands among batches being written.
      const publishing = (async () => {
        while (client.connected && sent < TOTAL) {
          const window = Array.from({ length: 50 }, () => {
            const n = sent++;
            const payload = delta([{ path: PATH, value: n }], { timestamp: new Date(start + n).toISOString() });
            return client.publishAsync(`bridges/${bridge.serial}/delta`, payload, { qos: 1 }).then(
              () => void acked.push(n),
              () => {},
            );
          });
          await Promise.all(window);
        }
      })();

      while (sent < point * TOTAL) await new Promise((r) => setTimeout(r, 5));
      running.child.kill('SIGKILL');
      await running.exited;
      client.end(true);
      await publishing;

      server = await startRunningServer({ DEMO: 'on', DATA_DIR: dataDir });
      const db = createDatabase(join(dataDir, 'vessel-link.db'));
      try {
        const current = await db('value_series').where({ bridge_id: bridge.id, path: PATH }).first();
        // Every sample of the series, wherever it is kept: raw rows, or the batch rows ingest writes.
        const chunks = await storedChunks(db, current.id, 0, Number.MAX_SAFE_INTEGER, 0);
        const stored = new Set(chunks.flatMap((chunk) => samplesOf(chunk).map(([, value]) => value as number)));
        expect(acked.length, `acknowledged by ${point * 100} %`).toBeGreaterThan(0);
        expect(
          acked.filter((n) => !stored.has(n)),
          `lost after the kill at ${point * 100} %`,
        ).toEqual([]);
        expect(stored.size).toBeLessThanOrEqual(sent);
        expect(JSON.parse(current.value)).toBe(Math.max(...stored));
        expect(Number(current.ts_ms)).toBe(start + Math.max(...stored));
      } finally {
        await db.destroy();
      }
    }
  }, 120_000);
});
