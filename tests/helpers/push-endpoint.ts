/**
 * A local push service standing in for FCM/Mozilla/Apple in tests: it hands out browser-like
 * subscriptions (a P-256 key pair and an auth secret, as a browser makes), accepts the Web Push
 * requests the server sends to them, checks the VAPID authorization is there, and decrypts each
 * message (RFC 8291, aes128gcm) with the subscription's private key. An endpoint can be made to
 * answer 410 Gone, as a push service does for a device that unsubscribed.
 */
import { createECDH, randomBytes, type ECDH } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';

// http_ece (the encryption web-push itself uses) has no type declarations.
const ece = createRequire(import.meta.url)('http_ece') as {
  decrypt(buffer: Buffer, params: { version: string; privateKey: ECDH; authSecret: string }): Buffer;
};

export interface ReceivedPush {
  endpoint: string;
  headers: Record<string, string | string[] | undefined>;
  message: unknown;
  receivedAt: number;
}

export interface BrowserSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

export class PushEndpoint {
  readonly received: ReceivedPush[] = [];
  private readonly devices = new Map<string, { key: ECDH; auth: string; gone: boolean }>();
  private server: Server | null = null;
  private base = '';
  private waiters: (() => void)[] = [];

  async start(): Promise<void> {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const endpoint = `${this.base}${req.url}`;
        const device = this.devices.get(endpoint);
        if (!device || device.gone) return void res.writeHead(device ? 410 : 404).end();
        if (!String(req.headers.authorization ?? '').startsWith('vapid t=')) return void res.writeHead(401).end();
        const plain = ece.decrypt(Buffer.concat(chunks), { version: 'aes128gcm', privateKey: device.key, authSecret: device.auth });
        this.received.push({ endpoint, headers: req.headers, message: JSON.parse(plain.toString('utf8')), receivedAt: Date.now() });
        res.writeHead(201).end();
        for (const wake of this.waiters.splice(0)) wake();
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.base = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  /** A new device's subscription, as `PushSubscription.toJSON()` gives it. */
  subscription(): BrowserSubscription {
    const key = createECDH('prime256v1');
    key.generateKeys();
    const auth = randomBytes(16).toString('base64url');
    const endpoint = `${this.base}/push/${randomBytes(8).toString('hex')}`;
    this.devices.set(endpoint, { key, auth, gone: false });
    return { endpoint, keys: { p256dh: key.getPublicKey().toString('base64url'), auth } };
  }

  /** The device unsubscribed: its endpoint answers 410 from now on. */
  forget(endpoint: string): void {
    const device = this.devices.get(endpoint);
    if (device) device.gone = true;
  }

  /** Resolves once `count` messages have arrived in all. */
  async waitFor(count: number): Promise<ReceivedPush[]> {
    while (this.received.length < count) await new Promise<void>((resolve) => this.waiters.push(resolve));
    return this.received;
  }

  close(): Promise<void> {
    return new Promise((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}
