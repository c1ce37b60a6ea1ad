/**
 * The transfer module: a vessel changes hands (docs/decisions.md, "Transfer of ownership"). It
 * owns `vessel_transfers`; the change of owner and of grants is the vessel module's
 * (`transferOwnership`), the codes and buyers' accounts the auth module's. Its `api` is the
 * operator's (the admin CLI).
 */
import type { Plugin } from '@hapi/hapi';
import type { ModuleOptions } from '../../platform/context.js';
import { acceptTransfer } from './routes/accept.js';
import { cancelTransfer } from './routes/cancel.js';
import { confirmTransfer } from './routes/confirm.js';
import { declineTransfer } from './routes/decline.js';
import { incomingTransfers } from './routes/incoming.js';
import { pendingTransfer } from './routes/pending.js';
import { startTransfer } from './routes/start.js';
import { TransferService } from './service.js';

export type TransferApi = Pick<TransferService, 'startAsOperator' | 'cancelAsOperator' | 'list'>;

declare module '@hapi/hapi' {
  interface PluginProperties {
    transfer: { api: TransferApi };
  }
}

export const transferModule: Plugin<ModuleOptions> = {
  name: 'transfer',
  dependencies: ['auth', 'access', 'vessel'],
  register(server, { ctx }) {
    const transfers = new TransferService({
      db: ctx.db,
      people: server.plugins.auth.api,
      mail: ctx.mail,
      events: ctx.events,
      now: () => ctx.clock.now(),
      publicUrl: ctx.config.publicUrl,
    });
    server.expose('api', {
      startAsOperator: (vesselId, email) => transfers.startAsOperator(vesselId, email),
      cancelAsOperator: (id) => transfers.cancelAsOperator(id),
      list: (filter) => transfers.list(filter),
    } satisfies TransferApi);
    server.route([
      startTransfer(transfers),
      confirmTransfer(transfers),
      pendingTransfer(transfers),
      incomingTransfers(transfers),
      acceptTransfer(transfers),
      declineTransfer(transfers),
      cancelTransfer(transfers),
    ]);
  },
};
