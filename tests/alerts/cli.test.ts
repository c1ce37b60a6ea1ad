/**
 * `vessel-link alerts list` and `alerts ack`: the operator's view of active alerts, and an
 * acknowledgement through the same lifecycle as the app's (logged, by no user).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadDemoData } from '../../fixtures/demo.js';
import { pairBridge } from '../../src/modules/bridges/api.js';
import { CLI_TESTS, createCli, type Cli } from '../cli/run.js';

let cli: Cli;
let vesselId: number;
let alertId: number;

beforeAll(async () => {
  cli = await createCli('sqlite');
  expect((await cli.run(['migrate', '--json'])).code).toBe(0);
  await loadDemoData(cli.database.db);
  const bridge = (await cli.run(['bridges', 'create', '--serial', 'SIM-ALERTS', '--json'])).json();
  vesselId = (await cli.database.db('vessels').where({ name: 'Sea Breeze' }).first('id')).id;
  await pairBridge(cli.database.db, bridge.pairingCode, vesselId);
  const now = new Date().toISOString();
  [alertId] = await cli.database
    .db('alerts')
    .insert(
      {
        bridge_id: bridge.id,
        origin: 'notification',
        path: 'notifications.bilge',
        state: 'alarm',
        priority: 'alarm',
        message: 'Bilge high',
        notified_ms: Date.now(),
        raised_at: now,
        updated_at: now,
      },
      'id',
    )
    .then((rows: Array<{ id: number } | number>) => rows.map((r) => (typeof r === 'number' ? r : r.id)));
}, 120_000);
afterAll(() => cli.close());

describe('alerts', CLI_TESTS, () => {
  it('lists the active alerts, of every vessel or of one', async () => {
    const all = await cli.run(['alerts', 'list', '--json']);
    expect(all.code).toBe(0);
    expect(all.json()).toEqual([expect.objectContaining({ id: alertId, vesselId, priority: 'alarm', status: 'active-unacknowledged' })]);
    expect((await cli.run(['alerts', 'list', '--vessel', String(vesselId + 1000), '--json'])).code).toBe(1);
    expect((await cli.run(['alerts', 'list', '--vessel', 'x'])).code).toBe(2);
  });

  it('acknowledges an alert as the operator', async () => {
    const ack = await cli.run(['alerts', 'ack', String(alertId), '--json']);
    expect(ack.code).toBe(0);
    expect(ack.json()).toMatchObject({ id: alertId, status: 'active-acknowledged' });
    expect(await cli.database.db('alert_log').where({ alert_id: alertId, action: 'acknowledged', user_id: null }).first()).toBeTruthy();
    expect((await cli.run(['alerts', 'ack', '999999', '--json'])).code).toBe(1);
  });
});
