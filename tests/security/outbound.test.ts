/**
 * Requests the server makes to addresses users chose (docs/security.md, "Outbound requests"): a
 * push subscription names any URL, and a name can resolve to this machine. In production the
 * sender refuses internal addresses on the address it connects to, literal or by name, and it
 * never follows a redirect.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import webPush from 'web-push';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subscribePayload } from '../../src/modules/notifications/routes/push/support.js';
import { WebPushSender } from '../../src/modules/notifications/push/sender.js';
import { PushEndpoint } from '../helpers/push-endpoint.js';

const vapid = { ...webPush.generateVAPIDKeys(), subject: 'mailto:ops@example.com' };
const options = { urgency: 'high' as const, ttlSeconds: 60 };
const endpoint = new PushEndpoint();
let redirector: Server;
let redirects = 0;
/** Where the redirector sends its callers: a real device's endpoint, which must receive nothing. */
let redirectTo = '';

beforeAll(async () => {
  await endpoint.start();
  redirector = createServer((req, res) => {
    redirects++;
    req.resume();
    res.writeHead(307, { location: redirectTo }).end();
  });
  await new Promise<void>((resolve) => redirector.listen(0, '127.0.0.1', resolve));
});
afterAll(async () => {
  await endpoint.close();
  await new Promise((resolve) => redirector.close(resolve));
});

describe('the push sender in production', () => {
  const production = new WebPushSender(vapid, false);

  it('refuses an endpoint on a loopback address, and one whose name resolves to loopback, before sending', async () => {
    const device = endpoint.subscription();
    const byName = { ...device, endpoint: device.endpoint.replace('127.0.0.1', 'localhost') };
    for (const target of [device, byName]) {
      await expect(production.send(target, '{"title":"Alarm"}', options)).rejects.toThrow(
        'the push endpoint is on an internal address, which the server does not reach',
      );
    }
    expect(endpoint.received).toHaveLength(0);
  });

  it('accepts only https endpoints at a host name when subscribing', () => {
    const keys = { p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM', auth: 'tBHItJI5svbpez7KI4CCXg' };
    const schema = subscribePayload(true);
    for (const url of ['http://push.example.com/x', 'https://127.0.0.1/x', 'https://[::1]/x', 'https://localhost/x', 'https://vm.localhost/x'])
      expect(schema.validate({ endpoint: url, keys }).error, url).toBeDefined();
    expect(schema.validate({ endpoint: 'https://fcm.googleapis.com/fcm/send/abc', keys }).error).toBeUndefined();
  });
});

describe('the push sender anywhere', () => {
  it('never follows a redirect: a 3xx is a failure, and its target receives nothing', async () => {
    const device = endpoint.subscription();
    redirectTo = device.endpoint;
    // The stand-in push service of tests is on loopback, so this sender may reach loopback.
    const sender = new WebPushSender(vapid, true);
    const viaRedirect = { ...device, endpoint: `http://127.0.0.1:${(redirector.address() as AddressInfo).port}/push/moved` };
    await expect(sender.send(viaRedirect, '{"title":"Alarm"}', options)).rejects.toThrow('the push service answered 307');
    expect(redirects).toBe(1);
    expect(endpoint.received).toHaveLength(0);
  });
});
