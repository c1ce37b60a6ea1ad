/**
 * Where push messages go (docs/architecture.md, "Alarm delivery"): the Web Push protocol signed
 * with the server's VAPID keys, to whatever push service the device's subscription names (in
 * tests, a local endpoint), or nowhere when push is turned off (PUSH=off).
 */
import webPush from 'web-push';
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
  constructor(private readonly vapid: NonNullable<Config['push']>) {}

  get publicKey(): string {
    return this.vapid.publicKey;
  }

  /**
   * web-push encrypts the message and signs the request (RFC 8291, RFC 8292); the request itself
   * goes out with fetch, which also reaches the plain-http push service standing in during tests.
   */
  async send(target: PushTarget, payload: string, options: { urgency: 'high' | 'normal'; ttlSeconds: number }): Promise<PushOutcome> {
    const request = webPush.generateRequestDetails(target, payload, { vapidDetails: this.vapid, urgency: options.urgency, TTL: options.ttlSeconds });
    const res = await fetch(request.endpoint, {
      method: request.method,
      headers: request.headers as Record<string, string>,
      body: new Uint8Array(request.body),
      signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
    });
    if (res.status === 404 || res.status === 410) return 'gone';
    if (!res.ok) throw new Error(`the push service answered ${res.status}: ${(await res.text()).slice(0, 200)}`);
    return 'sent';
  }
}

export class NoPushSender implements PushSender {
  readonly publicKey = null;

  async send(): Promise<PushOutcome> {
    return 'failed';
  }
}

export const pushSenderOf = (config: Config): PushSender => (config.push ? new WebPushSender(config.push) : new NoPushSender());
