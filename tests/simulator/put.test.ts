import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parsePutResponse } from '../../src/mqtt/protocol';
import { type BridgeHandle, startBridge } from '../../simulator/index';
import { type TestBroker, startTestBroker } from './helpers/broker';
import { type Observer, observe } from './helpers/observer';

const SERIAL = 'SIM-PUT';
const SECRET = 'put-secret';
const PUT = `bridges/${SERIAL}/put`;
const RESPONSE = `bridges/${SERIAL}/put/response`;
const DELTA = `bridges/${SERIAL}/delta`;

const reports = (path: string, value: unknown) => (delta: any) =>
  delta.updates.some((update: any) => update.values.some((entry: any) => entry.path === path && JSON.stringify(entry.value) === JSON.stringify(value)));

describe('a simulated bridge answering PUTs', () => {
  let broker: TestBroker;
  let cloud: Observer;
  let bridge: BridgeHandle;

  beforeAll(async () => {
    broker = await startTestBroker({ [SERIAL]: SECRET });
    cloud = await observe(broker.url, [RESPONSE, DELTA]);
    bridge = startBridge({ mqttUrl: broker.url, serial: SERIAL, secret: SECRET, tickMs: 20 });
    await bridge.waitForConnect();
  });

  afterAll(async () => {
    await bridge.stop();
    await cloud.close();
    await broker.close();
  });

  const put = async (path: string, value: unknown) => {
    const requestId = randomUUID();
    cloud.clear();
    await cloud.send(PUT, { requestId, context: 'vessels.self', put: { path, value } });
    const final = await cloud.next(RESPONSE, (response) => response.requestId === requestId && response.state !== 'PENDING');
    const answers = cloud.messages.filter((message) => message.topic === RESPONSE && message.payload.requestId === requestId).map((message) => message.payload);
    return { requestId, final, answers };
  };

  it('switches a light on: PENDING, then COMPLETED 200, with a delta showing the light on before the answer', async () => {
    const path = 'electrical.switches.bank.0.2.state';
    const { final, answers } = await put(path, 1);

    expect(answers.map((answer) => answer.state)).toEqual(['PENDING', 'COMPLETED']);
    expect(final).toMatchObject({ state: 'COMPLETED', statusCode: 200 });
    for (const answer of answers) expect(parsePutResponse(JSON.stringify(answer)).ok).toBe(true);
    const order = cloud.messages.map((message) => (message.topic === DELTA && reports(path, 1)(message.payload) ? 'delta' : message.payload.state));
    expect(order.indexOf('delta')).toBeGreaterThan(-1);
    expect(order.indexOf('delta')).toBeLessThan(order.indexOf('COMPLETED'));
  });

  it('keeps the new state in later deltas: a dimmer set to 0.25 is reported at 0.25 from then on', async () => {
    const path = 'link.lighting.saloon-dimmer.brightness';
    await put(path, 0.25);
    cloud.clear();
    await cloud.send(`bridges/${SERIAL}/admin`, { requestId: randomUUID(), action: 'snapshot' });
    const snapshot = await cloud.next(DELTA, (delta) => delta.updates.length > 11);
    expect(reports(path, 0.25)(snapshot)).toBe(true);
  });

  it.each([
    ['a shade', 'link.shades.saloon-blinds.position', 0.4],
    ['a climate set point', 'link.climate.saloon-climate.setpoint', 295.15],
    ['a climate mode', 'link.climate.master-climate.mode', 'cool'],
    ['a camera', 'link.camera.aft-camera.state', 'recording'],
  ])('controls %s', async (_device, path, value) => {
    const { final } = await put(path, value);
    expect(final).toMatchObject({ state: 'COMPLETED', statusCode: 200 });
    await cloud.next(DELTA, reports(path, value));
  });

  it('refuses a read-only path with 405 and changes nothing', async () => {
    const { final, answers } = await put('electrical.batteries.house.voltage', 10);
    expect(answers).toHaveLength(1);
    expect(final).toMatchObject({ state: 'FAILED', statusCode: 405, message: expect.stringContaining('read-only') });
  });

  it('refuses a path no device has with 405', async () => {
    const { final } = await put('electrical.switches.bank.9.9.state', 1);
    expect(final).toMatchObject({ state: 'FAILED', statusCode: 405 });
  });

  it.each([
    ['a switch state other than 1/0', 'electrical.switches.bank.0.1.state', 2],
    ['a brightness above 1', 'link.lighting.saloon-dimmer.brightness', 1.5],
    ['a set point of 50 °C', 'link.climate.saloon-climate.setpoint', 323.15],
    ['an unknown climate mode', 'link.climate.saloon-climate.mode', 'turbo'],
    ['a text where a number is expected', 'link.shades.saloon-blinds.position', 'half'],
  ])('refuses %s with 400', async (_case, path, value) => {
    const { final } = await put(path, value);
    expect(final).toMatchObject({ state: 'FAILED', statusCode: 400 });
  });

  it('answers a PUT it cannot read, when it names a requestId, with 400', async () => {
    const requestId = randomUUID();
    await cloud.send(PUT, { requestId, put: { value: 1 } });
    expect(await cloud.next(RESPONSE, (response) => response.requestId === requestId)).toMatchObject({ state: 'FAILED', statusCode: 400 });
  });
});
