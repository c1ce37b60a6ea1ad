/**
 * BRIDGE.md: "A QoS 1 delta is acknowledged only once it is stored". The real server runs as a
 * child process on a SQLite file; a bridge publishes as fast as it can, the server is killed
 * with SIGKILL mid-stream, and every value the bridge got a PUBACK for must be in the file.
 */
import { join } from 'node:path';
import mqtt from 'mqtt';
import { afterAll, describe, expect, it } from 'vitest';
import { createDatabase } from '../../src/db/knex.js';
import { startServerProcess, untilRunning, type ServerProcess } from '../helpers/process.js';
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

describe('a server killed during ingest', () => {
  it('loses no value it acknowledged', async () => {
    server = await startServerProcess({ DEMO: 'on' });
    await untilRunning(server);
    const token = (await api(server.port, 'POST', '/api/auth/login', { username: 'admin@demo.test', password: 'vessel-link-demo' })).data.token;
    const bridge = (await api(server.port, 'POST', '/api/admin/reportingClients', { serial: 'BR-CRASH' }, token)).data;

    const client = await mqtt.connectAsync(`mqtt://127.0.0.1:${server.mqttPort}`, { clientId: bridge.serial, username: bridge.serial, password: bridge.secret, reconnectPeriod: 0, protocolVersion: 4 });
    client.on('error', () => {});
    const acked: number[] = [];
    let sent = 0;
    const start = Date.now() - 3_600_000;
    // Many messages in flight at once, so the kill lands among batches being written.
    const publishing = (async () => {
      while (client.connected) {
        const window = Array.from({ length: 50 }, () => {
          const n = sent++;
          const payload = delta([{ path: 'propulsion.main.revolutions', value: n }], { timestamp: new Date(start + n).toISOString() });
          return client.publishAsync(`bridges/${bridge.serial}/delta`, payload, { qos: 1 }).then(
            () => void acked.push(n),
            () => {},
          );
        });
        await Promise.all(window);
      }
    })();

    while (acked.length < 2000) await new Promise((r) => setTimeout(r, 5));
    server.child.kill('SIGKILL');
    await server.exited;
    client.end(true);
    await publishing;

    const db = createDatabase(join(server.dataDir, 'vessel-link.db'));
    try {
      const chunks: string[] = await db('value_history as h').join('value_series as s', 's.id', 'h.series_id').where('s.path', 'propulsion.main.revolutions').pluck('h.samples');
      const stored = new Set(chunks.flatMap((samples) => (JSON.parse(samples) as Array<[number, number]>).map(([, value]) => value)));
      const lost = acked.filter((n) => !stored.has(n));
      expect(acked.length).toBeGreaterThanOrEqual(2000);
      expect(lost).toEqual([]);
      expect(stored.size).toBeLessThanOrEqual(sent);
    } finally {
      await db.destroy();
    }
  });
});
