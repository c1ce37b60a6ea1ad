/**
 * The `mqtt` plugin: runs the bridge broker beside the HTTP server, on its own TCP port
 * (config.mqttPort, 0 = any free port) and as WebSocket at `/mqtt` on the HTTP port
 * (docs/protocol.md). It starts when the server starts and stops before it stops; a server that is
 * only initialised (tests with `inject`, the CLI) opens no MQTT port.
 *
 * Modules plug into the broker, `server.plugins.mqtt.api`: the bridges module checks credentials,
 * the ingest, devices and commands modules consume what bridges send, and anyone may send to a bridge.
 */
import { createServer as createTcpServer, type AddressInfo, type Socket } from 'node:net';
import { createServer as createTlsServer } from 'node:tls';
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { Plugin } from '@hapi/hapi';
import { createWebSocketStream, WebSocketServer } from 'ws';
import type { ModuleOptions } from '../platform/context.js';
import { BridgeBroker } from './broker.js';
import { MAX_PACKET_BYTES } from './frame-guard.js';

declare module '@hapi/hapi' {
  interface PluginProperties {
    /** The bridge broker: what other modules route topics to and publish through. */
    mqtt: { api: BridgeBroker };
  }
  interface ServerApplicationState {
    /** The bound MQTT port while the server runs, null otherwise. */
    mqtt: { port: number | null };
  }
}

export const WEBSOCKET_PATH = '/mqtt';

export const mqttModule: Plugin<ModuleOptions> = {
  name: 'mqtt',
  register(server, { ctx }) {
    const log = ctx.log.child({ component: 'mqtt' });
    const { redisUrl, redisPrefix } = ctx.config;
    const broker = new BridgeBroker(log, undefined, redisUrl ? { url: redisUrl, prefix: redisPrefix, watch: ctx.redis } : null);
    server.expose('api', broker);
    // What a bridge sends could not be stored: it is told to come back later (docs/operations.md).
    broker.refuseWhile(() => ctx.writes.refusing());
    broker.on('acknowledged', (lagsMs) => ctx.events.emit('mqtt.acknowledged', { lagsMs }));
    server.app.mqtt = { port: null };

    const onSocket = (socket: Socket) => {
      // PUBACKs are tiny: without this Nagle's algorithm holds them back.
      socket.setNoDelay(true);
      broker.attach(socket);
    };
    // docs/protocol.md: MQTT over TLS when a certificate is configured, plain TCP otherwise.
    const tls = ctx.config.mqttTls;
    const tcp = tls ? createTlsServer({ cert: tls.cert, key: tls.key, minVersion: 'TLSv1.2' }, onSocket) : createTcpServer(onSocket);
    // Several MQTT packets may share a WebSocket message; each is still held to the frame limit.
    const websockets = new WebSocketServer({ noServer: true, maxPayload: 4 * MAX_PACKET_BYTES });
    const onUpgrade = (request: IncomingMessage, socket: Duplex, head: Buffer) => {
      if (new URL(request.url ?? '/', 'http://localhost').pathname !== WEBSOCKET_PATH) {
        socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\n\r\n');
        return;
      }
      websockets.handleUpgrade(request, socket, head, (ws) => broker.attach(createWebSocketStream(ws)));
    };

    server.app.probes.broker = async () => broker.running && tcp.listening;

    server.ext('onPostStart', async () => {
      await broker.start();
      const listen = (port: number) =>
        new Promise<void>((resolve, reject) => {
          tcp.once('error', (err: NodeJS.ErrnoException & { variable?: string; port?: number }) => reject(Object.assign(err, { variable: 'MQTT_PORT', port })));
          tcp.listen(port, ctx.config.host, () => resolve());
        });
      await listenWithFallback(listen, ctx.config.mqttPort, ctx.config.mqttPortExplicit, (taken, chosen) =>
        log.warn(`MQTT port ${taken} is in use (another broker?); bridges connect on ${chosen} instead. Set MQTT_PORT to choose the port.`),
      );
      server.app.mqtt.port = (tcp.address() as AddressInfo).port;
      server.listener.on('upgrade', onUpgrade);
      log.info('MQTT broker listening', { port: server.app.mqtt.port, tls: Boolean(tls), websocket: WEBSOCKET_PATH });
    });

    server.ext('onPreStop', async () => {
      server.listener.off('upgrade', onUpgrade);
      tcp.close();
      await broker.close();
      for (const ws of websockets.clients) ws.terminate();
      server.app.mqtt.port = null;
    });
  },
};

/**
 * Listens on the configured port. The default port (1883) is often taken by a broker already
 * on the machine: then the next free port of the ten after it is used, and the log says which.
 * A port the operator chose explicitly is never silently replaced.
 */
export async function listenWithFallback(
  listen: (port: number) => Promise<void>,
  port: number,
  explicit: boolean,
  onFallback: (taken: number, chosen: number) => void,
): Promise<void> {
  try {
    await listen(port);
  } catch (err) {
    if (explicit || port === 0 || (err as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw err;
    for (let candidate = port + 1; candidate <= port + 10; candidate++) {
      try {
        await listen(candidate);
        onFallback(port, candidate);
        return;
      } catch (next) {
        if ((next as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw next;
      }
    }
    throw err;
  }
}
