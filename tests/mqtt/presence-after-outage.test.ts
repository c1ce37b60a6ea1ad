/**
 * Presence after a database outage (docs/operations.md, "Faults"): a bridge that disconnects, or
 * connects, while the database refuses writes to the bridges table leaves the table wrong for a moment only.
 * The server reconciles the table with the connections it holds as soon as the database answers
 * again (and every 30 s regardless), so no vessel shows online without a connected bridge, nor
 * offline with one.
 */
import { Writable } from 'node:stream';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../src/platform/logger.js';
import { createTestServer, type TestServer } from '../helpers/server.js';
import { connectBridge, pairedBridge, type TestBridge } from './helpers.js';

let t: TestServer;
let owner: string;
let bridge: TestBridge & { vesselId: number };
const logged: string[] = [];

beforeAll(async () => {
  const lines = new Writable({
    write(chunk, _encoding, done) {
      logged.push(...String(chunk).split('\n').filter(Boolean));
      done();
    },
  });
  t = await createTestServer({ demo: true, listen: true, log: createLogger('info', {}, lines) });
  owner = await t.login('owner@demo.test');
  bridge = await pairedBridge(t, await t.login('admin@demo.test'), 'Blue Horizon', 'BR-PRESENCE');
});
afterAll(() => t.close());

const online = async () => (await t.call('GET', `/api/vessel/vesselOnline?vesselId=${bridge.vesselId}`, { token: owner })).body.data.online as boolean;
/** Writes to the bridges table refused by the database itself, as when it is read-only or its disk full; reads still work. */
async function writesRefused(): Promise<void> {
  const db = t.database.db;
  if (db.client.config.client === 'pg') {
    await db.raw("CREATE FUNCTION refuse_writes() RETURNS trigger AS $$ BEGIN RAISE EXCEPTION 'the database refuses writes'; END $$ LANGUAGE plpgsql");
    await db.raw('CREATE TRIGGER refuse_writes BEFORE INSERT OR UPDATE ON bridges FOR EACH ROW EXECUTE FUNCTION refuse_writes()');
  } else {
    await db.raw("CREATE TRIGGER refuse_writes BEFORE UPDATE ON bridges BEGIN SELECT RAISE(ABORT, 'the database refuses writes'); END");
  }
}
async function writesBack(): Promise<void> {
  const db = t.database.db;
  await db.raw('DROP TRIGGER refuse_writes' + (db.client.config.client === 'pg' ? ' ON bridges' : ''));
  if (db.client.config.client === 'pg') await db.raw('DROP FUNCTION refuse_writes()');
}
const failedWrites = () => logged.filter((line) => line.includes('bridge connection state not recorded')).length;

describe('presence after the database was away', () => {
  let client: MqttClient;

  it('takes a bridge offline that disconnected while its disconnect could not be written', async () => {
    client = await connectBridge(t, bridge);
    await expect.poll(online).toBe(true);
    await writesRefused();
    await client.endAsync();
    await expect.poll(failedWrites).toBe(1);
    await writesBack();
    await expect.poll(online).toBe(false);
    expect(logged.some((line) => line.includes('bridge presence reconciled with the connections'))).toBe(true);
  });

  it('brings a bridge online that connected while its connect could not be written', async () => {
    await writesRefused();
    client = await connectBridge(t, bridge);
    await expect.poll(failedWrites).toBe(2);
    await writesBack();
    await expect.poll(online).toBe(true);
    await client.endAsync();
    await expect.poll(online).toBe(false);
  });
});
