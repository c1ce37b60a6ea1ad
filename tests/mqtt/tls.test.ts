import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { createTestServer, type TestServer } from '../helpers/server.js';
import { provisionBridge, type TestBridge } from './helpers.js';

/** A self-signed certificate for localhost, made with the machine's openssl. */
function selfSigned(dir: string): { cert: string; key: string } {
  const cert = join(dir, 'cert.pem');
  const key = join(dir, 'key.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-keyout',
      key,
      '-out',
      cert,
      '-days',
      '1',
      '-subj',
      '/CN=localhost',
      '-addext',
      'subjectAltName=DNS:localhost,IP:127.0.0.1',
    ],
    { stdio: 'ignore' },
  );
  return { cert, key };
}

describe('MQTT over TLS', () => {
  let t: TestServer;
  let bridge: TestBridge;
  let files: { cert: string; key: string };

  beforeAll(async () => {
    files = selfSigned(mkdtempSync(join(tmpdir(), 'vessel-link-tls-')));
    t = await createTestServer({ demo: true, listen: true, env: { MQTT_TLS_CERT: files.cert, MQTT_TLS_KEY: files.key } });
    bridge = await provisionBridge(t, await t.login('admin@demo.test'));
  });
  afterAll(() => t?.close());

  const connect = (url: string, extra: mqtt.IClientOptions = {}) =>
    new Promise<mqtt.MqttClient>((resolve, reject) => {
      const client = mqtt.connect(url, {
        clientId: bridge.serial,
        username: bridge.serial,
        password: bridge.secret,
        reconnectPeriod: 0,
        connectTimeout: 5000,
        ...extra,
      });
      client.once('connect', () => resolve(client));
      client.once('error', (err) => {
        client.end(true);
        reject(err);
      });
      client.once('close', () => reject(new Error('closed before CONNACK')));
    });

  it('accepts a bridge that trusts the certificate', async () => {
    const client = await connect(`mqtts://127.0.0.1:${t.server.app.mqtt.port}`, { ca: readFileSync(files.cert), rejectUnauthorized: true });
    expect(client.connected).toBe(true);
    await client.endAsync();
  });

  it('speaks no plain MQTT on the TLS port', async () => {
    await expect(connect(`mqtt://127.0.0.1:${t.server.app.mqtt.port}`)).rejects.toThrow();
  });

  it('refuses a configuration with only one of the two files, or a file that is not PEM', () => {
    expect(() => loadConfig({ MQTT_TLS_CERT: files.cert, SESSION_SECRET: 'x'.repeat(40) })).toThrow(/MQTT_TLS_CERT and MQTT_TLS_KEY must be set together/);
    expect(() => loadConfig({ MQTT_TLS_CERT: files.key, MQTT_TLS_KEY: files.key, SESSION_SECRET: 'x'.repeat(40) })).toThrow(/not a PEM certificate/);
    expect(() => loadConfig({ MQTT_TLS_CERT: '/nonexistent/cert.pem', MQTT_TLS_KEY: files.key, SESSION_SECRET: 'x'.repeat(40) })).toThrow(/cannot be read/);
  });
});
