import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listOutbox } from '../../src/platform/mail.js';
import { createTestServer, type TestServer } from '../helpers/server.js';

interface Received {
  to: string[];
  body: string;
}

describe('mail through SMTP', () => {
  const received: Received[] = [];
  let smtp: SMTPServer;
  let t: TestServer;
  const logLines: string[] = [];

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, session, done) {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          received.push({ to: session.envelope.rcptTo.map((r) => r.address), body: Buffer.concat(chunks).toString() });
          done();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const port = (smtp.server.address() as AddressInfo).port;
    t = await createTestServer({ demo: true, env: { SMTP_URL: `smtp://127.0.0.1:${port}`, LOG_LEVEL: 'info' } });
    // Capture what the server logs while mail goes out.
    const original = process.stdout.write.bind(process.stdout);
    process.stdout.write = ((chunk: string | Uint8Array, ...rest: unknown[]) => {
      logLines.push(String(chunk));
      return (original as (...a: unknown[]) => boolean)(chunk, ...rest);
    }) as typeof process.stdout.write;
    afterAll(() => {
      process.stdout.write = original;
    });
  });
  afterAll(async () => {
    await t.close();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  });

  it('delivers the reset e-mail to the SMTP server, keeps no body in the outbox, and logs no token', async () => {
    await t.call('POST', '/api/register/forgottenPassword?email=owner@demo.test');
    expect(received).toHaveLength(1);
    expect(received[0].to).toEqual(['owner@demo.test']);
    const token = /token=([\w-]+)/.exec(received[0].body.replace(/=\r?\n/g, ''))?.[1];
    expect(token).toBeDefined();
    const [row] = await listOutbox(t.database.db, 1);
    expect(row).toMatchObject({ to: 'owner@demo.test', transport: 'smtp', text: null });
    expect(row.sentAt).not.toBeNull();
    const logged = logLines.join('');
    expect(logged).toContain('mail sent');
    expect(logged).not.toContain(token!);
  });
});
