/**
 * Where push messages go (docs/architecture.md, "Alarm delivery"): the Web Push protocol signed
 * with the server's VAPID keys, to whatever push service the device's subscription names (in
 * tests, a local endpoint), or nowhere when push is turned off (PUSH=off).
 */
import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import webPush from 'web-push';
import { isInternalAddress, publicOnlyLookup } from '../../../platform/outbound.js';
import type { Config } from '../../../config.js';

const SEND_TIMEOUT_MS = 10_000;

export interface PushTarget {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/** `gone`: the push service no longer knows the device (404/410), its subscription should go. */
export type PushOutcome = 'sent' | 'gone' | 'failed';

export interface PushSender {
  /** The key a browser subscribes with, or null when push is not configured. */
  readonly publicKey: string | null;
  send(target: PushTarget, payload: string, options: { urgency: 'high' | 'normal'; ttlSeconds: number }): Promise<PushOutcome>;
}

export class WebPushSender implements PushSender {
  /**
   * @param allowPrivate whether endpoints on internal addresses are reached: only outside
   * production, for the push service standing in during tests and the demo.
   */
  constructor(
    private readonly vapid: NonNullable<Config['push']>,
    private readonly allowPrivate = false,
  ) {}

  get publicKey(): string {
    return this.vapid.publicKey;
  }

  /**
   * web-push encrypts the message and signs the request (RFC 8291, RFC 8292); the request goes
   * out with node:http(s), which never follows a redirect (a 3xx is a failure), through a lookup
   * that refuses internal addresses unless allowed: a subscription names any URL its browser (or
   * an attacker) likes, and a name can resolve to this machine.
   */
  async send(target: PushTarget, payload: string, options: { urgency: 'high' | 'normal'; ttlSeconds: number }): Promise<PushOutcome> {
    const request = webPush.generateRequestDetails(target, payload, { vapidDetails: this.vapid, urgency: options.urgency, TTL: options.ttlSeconds });
    const status = await post(request.endpoint, request.headers as Record<string, string>, request.body, this.allowPrivate);
    if (status.code === 404 || status.code === 410) return 'gone';
    if (status.code < 200 || status.code >= 300) throw new Error(`the push service answered ${status.code}: ${status.text.slice(0, 200)}`);
    return 'sent';
  }
}

const internalRefusal = () => new Error('the push endpoint is on an internal address, which the server does not reach');

/** One POST, no redirects followed, answered with the status and the first bytes of the body. */
function post(endpoint: string, headers: Record<string, string>, body: Buffer, allowPrivate: boolean): Promise<{ code: number; text: string }> {
  const url = new URL(endpoint);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (!allowPrivate && isIP(host) && isInternalAddress(host)) return Promise.reject(internalRefusal());
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const req = client.request(
      url,
      {
        method: 'POST',
        headers: { ...headers, 'content-length': String(body.length) },
        timeout: SEND_TIMEOUT_MS,
        lookup: allowPrivate ? undefined : publicOnlyLookup(internalRefusal),
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          if (text.length < 1000) text += chunk;
        });
        res.on('end', () => resolve({ code: res.statusCode ?? 0, text }));
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error('the push service did not answer in time')));
    req.on('error', reject);
    req.end(body);
  });
}

export class NoPushSender implements PushSender {
  readonly publicKey = null;

  async send(): Promise<PushOutcome> {
    return 'failed';
  }
}

export const pushSenderOf = (config: Config): PushSender => (config.push ? new WebPushSender(config.push, config.env !== 'production') : new NoPushSender());
