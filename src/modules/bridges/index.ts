/**
 * The bridges module: reporting clients (the bridges' MQTT identities and pairing), their
 * connection state and usage, and admin requests to them. It checks bridge credentials for the
 * broker and consumes the `status` and `admin/response` topics. Who may act on a vessel's bridge
 * is the access module's, so bridges depends on no vessel module.
 */
import type { Plugin } from '@hapi/hapi';
import type { ModuleOptions } from '../../platform/context.js';
import { PASSWORD_RECHECKS, PasswordRecheck } from './password-recheck.js';
import { deleteReportingClient } from './routes/reporting-clients/delete.js';
import { editReportingClient } from './routes/reporting-clients/edit.js';
import { listReportingClients } from './routes/reporting-clients/list.js';
import { provisionReportingClient } from './routes/reporting-clients/provision.js';
import { softwareUpdate } from './routes/reporting-clients/software-update.js';
import { updateProgress } from './routes/reporting-clients/update-progress.js';
import { reportingClientUsage } from './routes/reporting-clients/usage.js';
import { vesselControllers } from './routes/vessel-bridge/controllers.js';
import { setLogLevel } from './routes/vessel-bridge/log-level.js';
import { rebootBridge } from './routes/vessel-bridge/reboot.js';
import { wakeUpBridge } from './routes/vessel-bridge/wakeup.js';
import { Presence } from './presence.js';
import { ROLLOUT_CHECK_MS, Rollouts } from './rollouts.js';
import { connectionHistory } from './routes/reporting-clients/connections.js';
import { reportingClientsPage } from './routes/reporting-clients/page.js';
import { advanceRollout, stopRollout } from './routes/rollouts/control.js';
import { createRollout } from './routes/rollouts/create.js';
import { listRollouts } from './routes/rollouts/list.js';
import { showRollout } from './routes/rollouts/show.js';
import { BridgeSecrets } from './secrets.js';
import type { BridgesApi } from './api.js';
import { BridgeService } from './service.js';

declare module '@hapi/hapi' {
  interface PluginProperties {
    bridges: { api: BridgesApi; rollouts: Rollouts };
  }
}

export const bridgesModule: Plugin<ModuleOptions> = {
  name: 'bridges',
  dependencies: ['auth', 'access', 'mqtt'],
  register(server, { ctx }) {
    const broker = server.plugins.mqtt.api;
    const { redisUrl, redisPrefix, presenceSeconds } = ctx.config;
    const presence = redisUrl ? new Presence(redisUrl, redisPrefix, presenceSeconds * 1000, ctx.redis) : null;
    const service = new BridgeService(ctx, broker, new BridgeSecrets(ctx.config.sessionSecret), presence);
    const recheck = new PasswordRecheck(
      server.plugins.auth.api,
      ctx.limits.limiter('password-recheck', PASSWORD_RECHECKS, 'Too many password checks. Please try again later.'),
    );
    const rollouts = new Rollouts(ctx.db, service, ctx.clock);
    service.rollouts = rollouts;
    server.expose('rollouts', rollouts);
    server.expose('api', { ingest: service.ingest } satisfies BridgesApi);
    broker.authenticateWith((serial, secret) => service.authenticate(serial, secret));
    broker.route('status', (message) => service.onStatus(message), { ordered: true });
    broker.route('admin/response', (message) => service.onAdminResponse(message), { ordered: true });

    // Online state is reset before the broker accepts anyone, and written out after it closed.
    server.ext('onPostStart', () => service.start(), { before: ['mqtt'] });
    ctx.scheduler.every('rollouts.timeouts', ROLLOUT_CHECK_MS, () => rollouts.checkAll());
    server.ext('onPreStop', () => service.stop(), { after: ['mqtt'] });

    server.route([
      listReportingClients(service),
      provisionReportingClient(service),
      editReportingClient(service),
      deleteReportingClient(service),
      reportingClientUsage(service, ctx.clock),
      updateProgress(service),
      softwareUpdate(service, recheck),
      rebootBridge(service, recheck),
      setLogLevel(service),
      vesselControllers(service),
      wakeUpBridge(service),
      reportingClientsPage(ctx.db),
      connectionHistory(service),
      createRollout(rollouts, recheck),
      listRollouts(rollouts),
      showRollout(rollouts),
      advanceRollout(rollouts),
      stopRollout(rollouts),
    ]);
  },
};
