/**
 * A local stand-in for a Twilio-compatible SMS and voice provider (docs/decisions.md, "SMS and
 * voice"; `npm run sms-standin`): it takes the server's `POST /2010-04-01/Accounts/{sid}/Messages.json`
 * and `.../Calls.json` (form-encoded, basic auth with the account SID and auth token; anything
 * else is refused as the provider would), keeps every message and call, and lets a test or a
 * person answer them: a reply text goes to the server's inbound webhook and a keypress to the
 * call's `<Gather>` action, each signed with X-Twilio-Signature as the provider signs them.
 * Nothing leaves the machine.
 *
 * For a person, it serves `GET /` (the messages and calls, newest last, as JSON),
 * `POST /reply {from, body}` (a text from that number to ours) and `POST /press {sid, digits}`
 * (a keypress on a call). The server's address (`--server`, SMS_STANDIN_SERVER) replaces the
 * origin of the URLs it calls back, so the server's PUBLIC_URL need not be reachable.
 */
import { createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * The provider's request signature, made here as the provider makes it (not borrowed from the
 * server, which checks it): base64 HMAC-SHA1, keyed by the auth token, of the URL followed by
 * each form field's name and value, sorted by name.
 */
function twilioSignature(authToken: string, url: string, params: Record<string, string>): string {
  const data =
    url +
    Object.keys(params)
      .sort()
      .map((k) => `${k}${params[k]}`)
      .join('');
  return createHmac('sha1', authToken).update(data, 'utf8').digest('base64');
}

export interface StandinMessage {
  sid: string;
  to: string;
  from: string;
  body: string;
  at: string;
}

export interface StandinCall {
  sid: string;
  to: string;
  from: string;
  twiml: string;
  /** What the call says (its `<Say>` texts, whatever their language and voice). */
  says: string[];
  /** The `<Gather>` action to call with a keypress, or null. */
  gatherUrl: string | null;
  at: string;
}

export interface StandinOptions {
  accountSid: string;
  authToken: string;
  /** The server called back: `http://127.0.0.1:8080`. */
  serverUrl: string;
  port?: number;
  host?: string;
  /** Refuse (answer 400 like a provider refusing the number) messages to these numbers. */
  refuse?: Set<string>;
}

export interface SmsStandin {
  url: string;
  messages: StandinMessage[];
  calls: StandinCall[];
  /** Resolves once `n` messages were received (a test waits for a text without sleeping). */
  waitForMessages(n: number, timeoutMs?: number): Promise<StandinMessage[]>;
  /** A text from `from` to our number, sent to the server's inbound webhook; answers its status and body. */
  reply(from: string, body: string, options?: { signature?: string }): Promise<{ status: number; body: string }>;
  /** A keypress on a call, sent to its `<Gather>` action. */
  press(callSid: string, digits: string): Promise<{ status: number; body: string }>;
  /** Calls back this server from now on (a test starts the stand-in before the server it configures). */
  setServer(url: string): void;
  close(): Promise<void>;
}

const INBOUND_PATH = '/api/notifications/sms/inbound';

const unescape = (s: string) =>
  s
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');

async function readBody(req: IncomingMessage): Promise<string> {
  let body = '';
  for await (const chunk of req) body += chunk;
  return body;
}

function send(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

export async function startSmsStandin(given: StandinOptions): Promise<SmsStandin> {
  const options = { ...given };
  const messages: StandinMessage[] = [];
  const calls: StandinCall[] = [];
  const waiters: Array<() => void> = [];
  let ourNumber = '+15005550006';
  let seq = 0;
  const sid = (prefix: string) => `${prefix}${String(++seq).padStart(32, '0')}`;
  const server: Server = createServer((req, res) => void handle(req, res));

  /** Posts a signed form to the server, at `url`'s path on the server's address. */
  async function callBack(url: string, form: Record<string, string>, signature?: string) {
    const target = new URL(url, options.serverUrl);
    const actual = `${options.serverUrl.replace(/\/+$/, '')}${target.pathname}${target.search}`;
    const res = await fetch(actual, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': signature ?? twilioSignature(options.authToken, actual, form) },
      body: new URLSearchParams(form).toString(),
    });
    return { status: res.status, body: await res.text() };
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    try {
      const url = new URL(req.url ?? '/', 'http://standin');
      const api = /^\/2010-04-01\/Accounts\/([^/]+)\/(Messages|Calls)\.json$/.exec(url.pathname);
      if (req.method === 'POST' && api) {
        const expected = `Basic ${Buffer.from(`${options.accountSid}:${options.authToken}`).toString('base64')}`;
        if (api[1] !== options.accountSid || req.headers.authorization !== expected)
          return send(res, 401, { code: 20003, message: 'Authentication Error - invalid username', status: 401 });
        const form = Object.fromEntries(new URLSearchParams(await readBody(req)));
        if (!form.To || !form.From) return send(res, 400, { code: 21604, message: "A 'To' and a 'From' phone number are required.", status: 400 });
        if (options.refuse?.has(form.To))
          return send(res, 400, { code: 21211, message: `The 'To' number ${form.To} is not a valid phone number.`, status: 400 });
        ourNumber = form.From;
        const at = new Date().toISOString();
        if (api[2] === 'Messages') {
          if (!form.Body) return send(res, 400, { code: 21602, message: 'Message body is required.', status: 400 });
          const message = { sid: sid('SM'), to: form.To, from: form.From, body: form.Body, at };
          messages.push(message);
          for (const wake of waiters.splice(0)) wake();
          return send(res, 201, { sid: message.sid, status: 'queued', to: form.To, from: form.From, body: form.Body });
        }
        if (!form.Twiml && !form.Url) return send(res, 400, { code: 21205, message: 'Either a Url or Twiml is required.', status: 400 });
        const twiml = form.Twiml ?? '';
        const action = /<Gather[^>]*\saction="([^"]*)"/.exec(twiml)?.[1];
        const call = {
          sid: sid('CA'),
          to: form.To,
          from: form.From,
          twiml,
          says: [...twiml.matchAll(/<Say(?:\s[^>]*)?>([^<]*)<\/Say>/g)].map((m) => unescape(m[1])),
          gatherUrl: action ? unescape(action) : null,
          at,
        };
        calls.push(call);
        for (const wake of waiters.splice(0)) wake();
        return send(res, 201, { sid: call.sid, status: 'queued', to: form.To, from: form.From });
      }
      if (req.method === 'GET' && url.pathname === '/') return send(res, 200, { messages, calls });
      if (req.method === 'POST' && url.pathname === '/reply') {
        const { from, body } = JSON.parse((await readBody(req)) || '{}') as { from?: string; body?: string };
        if (!from || body === undefined) return send(res, 400, { message: 'Send {"from": "+44…", "body": "ACK"}' });
        return send(res, 200, await standin.reply(from, body));
      }
      if (req.method === 'POST' && url.pathname === '/press') {
        const { sid: callSid, digits } = JSON.parse((await readBody(req)) || '{}') as { sid?: string; digits?: string };
        if (!callSid || !digits) return send(res, 400, { message: 'Send {"sid": "CA…", "digits": "1"}' });
        return send(res, 200, await standin.press(callSid, digits));
      }
      send(res, 404, { code: 20404, message: 'The requested resource was not found', status: 404 });
    } catch (err) {
      send(res, 500, { message: (err as Error).message });
    }
  }

  await new Promise<void>((resolve) => server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  const standin: SmsStandin = {
    url: `http://${options.host ?? '127.0.0.1'}:${port}`,
    messages,
    calls,
    async waitForMessages(n, timeoutMs = 5000) {
      const deadline = Date.now() + timeoutMs;
      while (messages.length < n) {
        if (Date.now() > deadline) throw new Error(`the SMS stand-in received ${messages.length} messages, not ${n}`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 100).unref();
        });
      }
      return messages.slice(0, n);
    },
    reply(from, body, opts = {}) {
      return callBack(
        INBOUND_PATH,
        { MessageSid: sid('SM'), AccountSid: options.accountSid, From: from, To: ourNumber, Body: body, NumMedia: '0' },
        opts.signature,
      );
    },
    press(callSid, digits) {
      const call = calls.find((c) => c.sid === callSid);
      if (!call?.gatherUrl) return Promise.resolve({ status: 404, body: `No call ${callSid} gathers a key` });
      return callBack(call.gatherUrl, { CallSid: call.sid, AccountSid: options.accountSid, From: call.from, To: call.to, Digits: digits });
    },
    setServer(url) {
      options.serverUrl = url;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  return standin;
}

/** `npm run sms-standin`: the stand-in on SMS_STANDIN_PORT (8089), with the server's SMS_* settings. */
async function main(): Promise<void> {
  const arg = (name: string) => {
    const i = process.argv.indexOf(`--${name}`);
    return i > 0 ? process.argv[i + 1] : undefined;
  };
  const accountSid = arg('sid') ?? process.env.SMS_ACCOUNT_SID ?? 'ACstandin';
  const authToken = arg('token') ?? process.env.SMS_AUTH_TOKEN ?? 'standin-auth-token-0123456789';
  const serverUrl = arg('server') ?? process.env.SMS_STANDIN_SERVER ?? `http://127.0.0.1:${process.env.PORT ?? 8080}`;
  const port = Number(arg('port') ?? process.env.SMS_STANDIN_PORT ?? 8089);
  const standin = await startSmsStandin({ accountSid, authToken, serverUrl, port });
  let shown = 0;
  setInterval(() => {
    for (const m of standin.messages.slice(shown)) console.log(`${m.at} SMS ${m.sid} to ${m.to}: ${m.body.replace(/\n/g, ' / ')}`);
    shown = standin.messages.length;
  }, 500);
  console.log(`SMS stand-in on ${standin.url} (account ${accountSid}), calling back ${serverUrl}`);
  console.log(`Server: SMS_PROVIDER_URL=${standin.url} SMS_ACCOUNT_SID=${accountSid} SMS_AUTH_TOKEN=${authToken} SMS_FROM=+15005550006`);
  console.log(`Reply:  curl -s ${standin.url}/reply -d '{"from":"+447700900123","body":"ACK"}'`);
  console.log(`List:   curl -s ${standin.url}/`);
  const stop = () => void standin.close().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

if (process.argv[1] && /sms-standin\.[cm]?[jt]s$/.test(process.argv[1])) void main();
