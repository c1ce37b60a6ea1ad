/**
 * An in-process Aedes broker on a free port, with the bridge credentials check of docs/protocol.md
 * (username = clientId and a known secret, for the serials given), and a way to cut every link
 * and bring the listener back on the same port, as a lost uplink looks to a bridge. The broker
 * itself survives an interruption, so persistent sessions (the cloud's observer) keep their
 * queued messages.
 */
import net from 'node:net';
import type { AddressInfo, Socket } from 'node:net';

export interface TestBroker {
  readonly url: string;
  /** Drops every connection and stops listening. */
  interrupt(): Promise<void>;
  /** Listens again on the same port. */
  resume(): Promise<void>;
  close(): Promise<void>;
}

export async function startTestBroker(secrets: Record<string, string> = {}): Promise<TestBroker> {
  const { Aedes } = await import('aedes');
  const broker = await Aedes.createBroker({
    authenticate: (client, username, password, done) => {
      const expected = username !== undefined ? secrets[username] : undefined;
      done(null, expected === undefined || (username === client.id && password?.toString() === expected));
    },
  });
  const sockets = new Set<Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    broker.handle(socket);
  });
  let port = 0;
  const listen = async () => {
    await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  };
  const interrupt = async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };

  await listen();
  return {
    url: `mqtt://127.0.0.1:${port}`,
    interrupt,
    resume: listen,
    async close() {
      if (server.listening) await interrupt();
      await new Promise<void>((resolve) => broker.close(() => resolve()));
    },
  };
}
