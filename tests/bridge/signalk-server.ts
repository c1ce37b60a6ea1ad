/**
 * A Signal K server as the agent sees one, played by a test: the WebSocket delta stream
 * (`/signalk/v1/stream`, with its hello message), the full model over REST
 * (`GET /signalk/v1/api/vessels/self`, values with their `meta`), a bearer token when one is given.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocketServer, type WebSocket } from 'ws';

export interface FakeSignalK {
  readonly port: number;
  /** http://127.0.0.1:port */
  readonly url: string;
  /** The vessel's model as `GET /signalk/v1/api/vessels/self` answers it. */
  model: object;
  /** REST reads of the model so far. */
  readonly modelReads: number;
  /** Stream connections so far. */
  readonly streams: number;
  /** Sends a delta to every open stream. */
  send(delta: object): void;
  /** Drops every stream connection (the agent reopens its stream). */
  dropStreams(): void;
  close(): Promise<void>;
}

export async function startSignalK(options: { self: string; token?: string; model?: object }): Promise<FakeSignalK> {
  const open = new Set<WebSocket>();
  let modelReads = 0;
  let streams = 0;
  const authorised = (header: string | undefined) => !options.token || header === `Bearer ${options.token}`;
  const state = { model: options.model ?? {} };
  const server: Server = createServer((request, response) => {
    if (!authorised(request.headers.authorization)) {
      response.statusCode = 401;
      return response.end();
    }
    if (request.method === 'GET' && request.url === '/signalk/v1/api/vessels/self') {
      modelReads += 1;
      response.setHeader('Content-Type', 'application/json');
      return response.end(JSON.stringify(state.model));
    }
    response.statusCode = 404;
    response.end();
  });
  const sockets = new WebSocketServer({ server, path: '/signalk/v1/stream' });
  sockets.on('connection', (socket, request) => {
    if (!authorised(request.headers.authorization)) return socket.close(1008, 'unauthorized');
    streams += 1;
    open.add(socket);
    socket.on('close', () => open.delete(socket));
    socket.send(
      JSON.stringify({ name: 'signalk-server', version: '2.13.0', self: options.self, roles: ['master', 'main'], timestamp: new Date().toISOString() }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    url: `http://127.0.0.1:${port}`,
    get model() {
      return state.model;
    },
    set model(model: object) {
      state.model = model;
    },
    get modelReads() {
      return modelReads;
    },
    get streams() {
      return streams;
    },
    send(delta) {
      const text = JSON.stringify(delta);
      for (const socket of open) socket.send(text);
    },
    dropStreams() {
      for (const socket of open) socket.terminate();
    },
    async close() {
      for (const socket of open) socket.terminate();
      sockets.close();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
