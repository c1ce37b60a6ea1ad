import { createServer, type Server } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { listenWithFallback } from '../../src/mqtt/index.js';

const servers: Server[] = [];
afterEach(() => {
  for (const s of servers.splice(0)) s.close();
});

async function occupy(): Promise<number> {
  const blocker = createServer();
  servers.push(blocker);
  await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
  return (blocker.address() as { port: number }).port;
}

function listener() {
  const server = createServer();
  servers.push(server);
  const listen = (port: number) =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => resolve());
    });
  return { server, listen };
}

describe('the MQTT port', () => {
  it('moves to a following free port when the default one is taken, and says so', async () => {
    const taken = await occupy();
    const { server, listen } = listener();
    const notes: string[] = [];
    await listenWithFallback(listen, taken, false, (from, to) => notes.push(`${from}->${to}`));
    const chosen = (server.address() as { port: number }).port;
    expect(chosen).toBeGreaterThan(taken);
    expect(chosen).toBeLessThanOrEqual(taken + 10);
    expect(notes).toEqual([`${taken}->${chosen}`]);
  });

  it('refuses to replace a port the operator chose', async () => {
    const taken = await occupy();
    const { listen } = listener();
    await expect(listenWithFallback(listen, taken, true, () => {})).rejects.toMatchObject({ code: 'EADDRINUSE' });
  });
});
