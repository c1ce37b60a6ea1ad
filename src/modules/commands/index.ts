/**
 * The commands module: commands to devices on board (Signal K PUT requests on the bridge's `put`
 * topic), their answers on `put/response`, the read-back that confirms them, the queue of an
 * offline vessel, and `sendCommand` / the command status routes.
 */
import type { Plugin } from '@hapi/hapi';
import type { ModuleOptions } from '../../platform/context.js';
import { CommandService, EXPIRY_SWEEP_MS } from './commands.js';
import { CommandRequests } from './requests.js';
import { sendCommand } from './routes/send.js';
import { commandStatus } from './routes/status.js';

declare module '@hapi/hapi' {
  interface PluginProperties {
    /** `api`: what routines send their commands through; `service`: the command service itself (its clock, for tests). */
    commands: { api: CommandRequests; service: CommandService };
  }
}

export const commandsModule: Plugin<ModuleOptions> = {
  name: 'commands',
  dependencies: ['access', 'mqtt'],
  register(server, { ctx }) {
    const broker = server.plugins.mqtt.api;
    const commands = new CommandService(ctx, broker);
    const requests = new CommandRequests(ctx.db, commands);
    server.expose('service', commands);
    // Routines send their commands the way a user's sendCommand does.
    server.expose('api', requests);
    broker.route('put/response', (message) => commands.onPutResponse(message), { ordered: true });
    ctx.scheduler.every('commands.expiry', EXPIRY_SWEEP_MS, () => commands.expireDue());
    // Once the broker is closed no answer arrives: commands still waiting end as TIMEOUT.
    server.ext('onPreStop', () => commands.stop(), { after: ['mqtt'] });
    server.route([sendCommand(requests, server.plugins.access.api), commandStatus(requests)]);
  },
};
