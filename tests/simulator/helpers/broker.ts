/**
 * An in-process Aedes broker on a free port, with the bridge credentials check of docs/protocol.md
 * (username = clientId and a known secret, for the serials given), and a way to cut every link
 * and bring the listener back on the same port, as a lost uplink looks to a bridge. The broker
 * itself survives an interruption, so persistent sessions (the cloud's observer) keep their
 * queued messages. It can also refuse bridges' CONNECTs for a while with a CONNACK return code
 * (3 "server unavailable", as the real server answers while its database is down).
 */
import net from 'node:net';
import type { AddressInfo, Socket } from 'node:net';

export interface TestBroker {
  readonly url: string;
  /** Drops every connection and stops listening. */
  interrupt(): Promise<void>;
  /** Listens again on the same port. */
  resume(): Promise<void>;
  /** Answers bridges' CONNECTs with this CONNACK return code (MQTT 3.1.1 §3.2.2.3) until called with null. */
  refuse(returnCode: 3 | 4 | 5 | null): void;
  /** CONNECTs refused so far. */
  readonly refused: number;
  close(): Promise<void>;
}

export async function startTestBroker(secrets: Record<string, string> = {}): Promise<TestBroker> {
  const { Aedes } = await import('aedes');
  let refusing: 3 | 4 | 5 | null = null;
  let refused = 0;
  const broker = await Aedes.createBroker({
    authenticate: (client, username, password, done) => {
      if (refusing !== null && username !== undefined && username in secrets) {
        refused += 1;
        return done(Object.assign(new Error('refused by the test'), { returnCode: refusing }), null);
      }
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
    refuse(returnCode) {
      refusing = returnCode;
    },
    get refused() {
      return refused;
    },
    async close() {
      if (server.listening) await interrupt();
      await new Promise<void>((resolve) => broker.close(() => resolve()));
    },
  };
}
