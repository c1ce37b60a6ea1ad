/**
 * The Signal K plugin's configuration (bridge/plugin.ts): what the server's admin UI saves is
 * checked as the plugin starts, with the command's defaults, and a mistake names the field; the
 * link's state as the admin UI shows it.
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_RULES, NO_LIMITS } from '../../bridge/limits';
import { describeLink, readConfiguration, schema } from '../../bridge/plugin';
import type { AgentStatus } from '../../bridge/status';

const minimal = { mqttUrl: 'mqtts://link.example.com:8883', serial: 'BR-0001', secret: 's3cret' };

describe('the plugin configuration', () => {
  it("takes the command's defaults for what the form leaves out", () => {
    const { configuration, limits } = readConfiguration(minimal);
    expect(configuration).toMatchObject({ ...minimal, batchMs: 1000, queueMaxMb: 100, queueMaxHours: 72 });
    expect(limits).toEqual({ rules: [...DEFAULT_RULES], keepAlive: 60 });
  });

  it('puts its own rules before the defaults, or sends every reading', () => {
    const own = readConfiguration({ ...minimal, limits: { rules: [{ path: 'navigation.position', interval: 10 }], keepAlive: 300 } }).limits;
    expect(own.rules[0]).toEqual({ path: 'navigation.position', interval: 10, deadband: 0 });
    expect(own.rules.slice(1)).toEqual([...DEFAULT_RULES]);
    expect(own.keepAlive).toBe(300);
    expect(readConfiguration({ ...minimal, limits: { sendEveryReading: true } }).limits).toEqual(NO_LIMITS);
  });

  it.each([
    [{}, 'the Vessel Link server is not set'],
    [{ ...minimal, mqttUrl: 'https://link.example.com' }, 'the Vessel Link server must be an mqtt://, mqtts://, ws:// or wss:// address'],
    [{ ...minimal, serial: 'BR 0001' }, 'a bridge serial is 1-128 characters without spaces, "/", "+" or "#"'],
    [{ ...minimal, secret: '' }, 'the bridge secret is not set'],
    [{ ...minimal, limits: { rules: [{ path: 'navigation..position' }] } }, 'bandwidth rules:'],
  ])('refuses %j, saying why', (configuration, message) => {
    expect(() => readConfiguration(configuration)).toThrow(message);
  });

  it('asks the admin UI for the three fields it cannot start without', () => {
    expect(schema.required).toEqual(['mqttUrl', 'serial', 'secret']);
  });
});

describe("the link as the plugin's status", () => {
  const status = (link: AgentStatus['link'], deltas = 0): AgentStatus => ({
    pid: 1,
    serial: 'BR-0001',
    version: '1.0.0',
    broker: 'mqtts://link.example.com:8883',
    updatedAt: '2026-06-01T10:00:00.000Z',
    link,
    queue: { deltas, bytes: 0, dropped: 0 },
    deltasSent: 0,
  });

  it('says connected, or why not and when it tries again, with the deltas waiting', () => {
    expect(describeLink(status({ state: 'connected', since: '2026-06-01T10:00:00.000Z', failures: 0 }), 0)).toEqual({
      message: 'Connected to mqtts://link.example.com:8883 as BR-0001',
      error: false,
    });
    const waiting = status(
      {
        state: 'waiting',
        since: '2026-06-01T10:00:00.000Z',
        failures: 3,
        lastError: 'Connection refused: Not authorized',
        nextAttemptAt: '2026-06-01T10:00:38.000Z',
      },
      120,
    );
    expect(describeLink(waiting, Date.parse('2026-06-01T10:00:00.000Z'))).toEqual({
      message: 'Not connected to mqtts://link.example.com:8883: Connection refused: Not authorized; next attempt in 38 s; 120 deltas waiting',
      error: true,
    });
  });
});
