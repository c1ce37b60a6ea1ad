import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parseAdminResponse } from '../../src/mqtt/protocol';
import { type BridgeHandle, startBridge } from '../../simulator/index';
import { type TestBroker, startTestBroker } from './helpers/broker';
import { type Observer, observe } from './helpers/observer';

const SERIAL = 'SIM-ADMIN';
const SECRET = 'admin-secret';
const ADMIN = `bridges/${SERIAL}/admin`;
const RESPONSE = `bridges/${SERIAL}/admin/response`;
const STATUS = `bridges/${SERIAL}/status`;

describe('a simulated bridge carrying out admin actions', () => {
  let broker: TestBroker;
  let cloud: Observer;
  let bridge: BridgeHandle;

  beforeEach(async () => {
    broker = await startTestBroker({ [SERIAL]: SECRET });
    cloud = await observe(broker.url, [`bridges/${SERIAL}/#`]);
    bridge = startBridge({ mqttUrl: broker.url, serial: SERIAL, secret: SECRET, tickMs: 20, rebootDelayMs: 100, failUpdates: ['9.9.9'] });
    await bridge.waitForConnect();
  });

  afterEach(async () => {
    await bridge.stop();
    await cloud.close();
    await broker.close();
  });

  const answersTo = (requestId: string) =>
    cloud.messages.filter((message) => message.topic === RESPONSE && message.payload.requestId === requestId).map((message) => message.payload);

  it('reboots: goes offline, comes back online with a fresh uptime, then reports COMPLETED', async () => {
    await cloud.next(STATUS, (status) => status.online === true);
    cloud.clear();
    const requestId = randomUUID();
    await cloud.send(ADMIN, { requestId, action: 'reboot' });

    await cloud.next(RESPONSE, (response) => response.requestId === requestId && response.state === 'COMPLETED');
    const sequence = cloud.messages
      .filter((message) => message.topic === STATUS || message.topic === RESPONSE)
      .map((message) => (message.topic === STATUS ? `online:${message.payload.online}` : message.payload.state));
    expect(sequence).toEqual(['PENDING', 'online:false', 'online:true', 'COMPLETED']);
    expect(cloud.messages.find((message) => message.topic === STATUS && message.payload.online)?.payload.uptime).toBe(0);
    expect(bridge.stats.connects).toBe(2);
    expect(bridge.connected).toBe(true);
  });

  it('republishes its inventory after a reboot, so the cloud sees its devices again', async () => {
    cloud.clear();
    await cloud.send(ADMIN, { requestId: randomUUID(), action: 'reboot' });
    await cloud.next(STATUS, (status) => status.online === false);
    await cloud.next(`bridges/${SERIAL}/devices`);
  });

  it('updates its software with progress reports and then runs the new version', async () => {
    const requestId = randomUUID();
    await cloud.send(ADMIN, { requestId, action: 'softwareUpdate', version: '1.5.0' });

    await cloud.next(RESPONSE, (response) => response.requestId === requestId && response.state === 'COMPLETED', 10_000);
    const answers = answersTo(requestId);
    for (const answer of answers) expect(parseAdminResponse(JSON.stringify(answer)).ok).toBe(true);
    const states = answers.map((answer) => answer.state);
    expect(states[0]).toBe('PENDING');
    expect(states.at(-1)).toBe('COMPLETED');
    expect(states.indexOf('INSTALLING')).toBeGreaterThan(states.lastIndexOf('DOWNLOADING'));
    const progress = answers.filter((answer) => answer.state === 'DOWNLOADING').map((answer) => answer.progress);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    expect(progress[0]).toBe(0);
    expect(progress.at(-1)).toBe(100);

    expect(await cloud.next(STATUS, (status) => status.online && status.version === '1.5.0')).toMatchObject({ online: true });
    expect(bridge.version).toBe('1.5.0');
  });

  it('fails a software update without a valid version and keeps running the old one', async () => {
    const requestId = randomUUID();
    await cloud.send(ADMIN, { requestId, action: 'softwareUpdate', version: 'latest' });
    expect(await cloud.next(RESPONSE, (response) => response.requestId === requestId)).toMatchObject({ state: 'FAILED' });
    expect(bridge.version).toBe('1.4.2');
  });

  it('fails an update to a version it was told to fail (--fail-updates), part-way through the download', async () => {
    const requestId = randomUUID();
    await cloud.send(ADMIN, { requestId, action: 'softwareUpdate', version: '9.9.9' });
    expect(await cloud.next(RESPONSE, (response) => response.requestId === requestId && response.state === 'FAILED', 10_000)).toMatchObject({
      message: 'Checksum mismatch in the 9.9.9 image',
    });
    expect(answersTo(requestId).map((answer) => answer.state)).toEqual(['PENDING', 'DOWNLOADING', 'DOWNLOADING', 'DOWNLOADING', 'FAILED']);
    expect(bridge.version).toBe('1.4.2');
  });

  it('changes its log level on request', async () => {
    const requestId = randomUUID();
    await cloud.send(ADMIN, { requestId, action: 'setLogLevel', level: 'debug' });
    expect(await cloud.next(RESPONSE, (response) => response.requestId === requestId)).toMatchObject({ state: 'COMPLETED' });

    const refused = randomUUID();
    await cloud.send(ADMIN, { requestId: refused, action: 'setLogLevel', level: 'chatty' });
    expect(await cloud.next(RESPONSE, (response) => response.requestId === refused)).toMatchObject({ state: 'FAILED' });
  });

  it('answers a snapshot request with its inventory and a delta of every current value', async () => {
    cloud.clear();
    const requestId = randomUUID();
    await cloud.send(ADMIN, { requestId, action: 'snapshot' });

    expect(await cloud.next(RESPONSE, (response) => response.requestId === requestId)).toMatchObject({ state: 'COMPLETED' });
    const inventory = await cloud.next(`bridges/${SERIAL}/devices`);
    const snapshot = await cloud.next(`bridges/${SERIAL}/delta`, (delta) => delta.updates.length > 11);
    const paths = new Set(snapshot.updates.flatMap((update: any) => update.values.map((value: any) => value.path)));
    for (const device of inventory.devices) for (const property of device.properties) expect(paths).toContain(property.path);
  });

  it('republishes its state for the server snapshot request that carries no requestId, without answering', async () => {
    cloud.clear();
    await cloud.send(ADMIN, { action: 'snapshot' });
    await cloud.next(`bridges/${SERIAL}/devices`);
    expect(cloud.messages.filter((message) => message.topic === RESPONSE)).toEqual([]);
  });

  it('refuses an unknown action', async () => {
    const requestId = randomUUID();
    await cloud.send(ADMIN, { requestId, action: 'selfDestruct' });
    expect(await cloud.next(RESPONSE, (response) => response.requestId === requestId)).toMatchObject({ state: 'FAILED' });
  });
});
