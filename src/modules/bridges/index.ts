/**
 * The bridges module: reporting clients (the bridges' MQTT identities and pairing), their
 * connection state and usage, and admin requests to them. It checks bridge credentials for the
 * broker and consumes the `status` and `admin/response` topics.
 */
import type { Plugin } from '@hapi/hapi';
import type { ModuleOptions } from '../../platform/context.js';
import { reportingClientRoutes } from './routes/reporting-clients.js';
import { vesselBridgeRoutes } from './routes/vessel-bridge.js';
import { BridgeSecrets } from './secrets.js';
import { BridgeService } from './service.js';

export const bridgesModule: Plugin<ModuleOptions> = {
  name: 'bridges',
  dependencies: ['auth', 'mqtt'],
  register(server, { ctx }) {
    const broker = server.plugins.mqtt.broker;
    const service = new BridgeService(ctx, broker, new BridgeSecrets(ctx.config.sessionSecret));
    broker.authenticateWith((serial, secret) => service.authenticate(serial, secret));
    broker.route('status', (message) => service.onStatus(message), { ordered: true });
    broker.route('admin/response', (message) => service.onAdminResponse(message), { ordered: true });

    // Online state is reset before the broker accepts anyone, and written out after it closed.
    server.ext('onPostStart', () => service.start(), { before: ['mqtt'] });
    server.ext('onPreStop', () => service.stop(), { after: ['mqtt'] });

    server.route([...reportingClientRoutes(server, ctx, service), ...vesselBridgeRoutes(server, ctx, service)]);
  },
};
