/**
 * The administrator's alerts across vessels (issue 45): every vessel's active alerts with the
 * vessel's name, acknowledged through the alerts module's own lifecycle (logged with who, announced).
 */
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../helpers/server.js';
import { delta, type TestBridge } from '../mqtt/helpers.js';
import { seaBreezeOnline, type SeaBreezeOnline } from '../helpers/sea-breeze.js';

let t: TestServer;
let admin: string;
let owner: string;
let bridge: TestBridge & { vesselId: number };
let client: MqttClient;
let seaBreeze: SeaBreezeOnline;
const announced: Array<Record<string, unknown>> = [];

beforeAll(async () => {
  ({ t, admin, owner, bridge, client } = seaBreeze = await seaBreezeOnline('BR-ADMIN-ALERTS'));
  t.server.app.ctx.events.on('vessel.alert', ({ alert }) => void announced.push(alert));
});
afterAll(() => seaBreeze.close());

type AdminAlert = { id: number; path: string; vesselId: number; vesselName: string; status: string; priority: string; raisedAt: string };
const active = async (token = admin) => (await t.call('GET', '/api/admin/alerts/active', { token })).body.data as AdminAlert[];

describe('admin alerts across vessels', () => {
  it('lists the active alerts of every vessel with its name, and acknowledges one', async () => {
    await client.publishAsync(
      `bridges/${bridge.serial}/delta`,
      delta([{ path: 'notifications.bilge.fwd', value: { state: 'alarm', message: 'Bilge high' } }], { timestamp: new Date().toISOString() }),
      { qos: 1 },
    );
    const alert = (await active()).find((a) => a.path === 'notifications.bilge.fwd');
    expect(alert).toMatchObject({ vesselId: bridge.vesselId, vesselName: 'Sea Breeze', status: 'active-unacknowledged', priority: 'alarm' });

    announced.length = 0;
    const ack = await t.call('POST', `/api/admin/alerts/${alert!.id}/ack`, { token: admin });
    expect(ack.status).toBe(200);
    expect(ack.body.data).toMatchObject({ id: alert!.id, status: 'active-acknowledged' });
    expect(announced).toEqual([expect.objectContaining({ id: alert!.id, change: 'acknowledged' })]);
    // The vessel's own people see it acknowledged, and the log names the administrator.
    const own = (await t.call('GET', `/api/vessel/${bridge.vesselId}/alerts`, { token: owner })).body.data as AdminAlert[];
    expect(own.find((a) => a.id === alert!.id)).toMatchObject({ status: 'active-acknowledged' });
    const log = await t.database.db('alert_log').where({ alert_id: alert!.id, action: 'acknowledged' }).first();
    const adminId = (await t.database.db('users').where({ email: 'admin@demo.test' }).first()).id;
    expect(log).toMatchObject({ user_id: adminId });
  });

  it('answers 404 for an unknown alert and is for administrators only', async () => {
    expect((await t.call('POST', '/api/admin/alerts/999999/ack', { token: admin })).status).toBe(404);
    expect((await t.call('GET', '/api/admin/alerts/active', { token: owner })).status).toBe(403);
    const id = (await active())[0]!.id;
    expect((await t.call('POST', `/api/admin/alerts/${id}/ack`, { token: owner })).status).toBe(403);
  });
});
