/**
 * `vessels transfer`, `vessels transfers` and `vessels cancel-transfer`: an administrator hands a
 * vessel to a new owner for its owner (the buyer still accepts in the app, choosing who stays),
 * lists transfers and withdraws one. Through the transfer module's api; every change is audited.
 */
import { Command } from 'commander';
import type { VesselTransfer } from '../../contracts/transfer.js';
import { audited, openOptions, withApp, type App } from '../app.js';
import { parseEmail, parseId, withJson, type OutputOptions } from '../options.js';
import { note, present } from '../output.js';
import { shortDate, type TableView } from '../ui/view.js';

const transfers = (app: App) => app.server.plugins.transfer.api;

function transfersTable(rows: VesselTransfer[], footer?: string): TableView {
  return {
    kind: 'table',
    columns: [
      { header: 'ID', align: 'right' },
      { header: 'VESSEL' },
      { header: 'SELLER' },
      { header: 'BUYER' },
      { header: 'STATUS', tone: (c) => (c === 'accepted' ? 'green' : c === 'pending' ? 'yellow' : 'gray') },
      { header: 'EXPIRES' },
    ],
    rows: rows.map((t) => [String(t.id), `${t.vesselName} (#${t.vesselId})`, t.seller.email, t.buyerEmail, t.status, shortDate(t.expiresAt)]),
    footer: footer ?? `${rows.length} transfer(s)`,
    empty: 'No transfers match.',
  };
}

export function transferCommand(): Command {
  return withJson(new Command('transfer'))
    .description(
      'Offer a vessel to a new owner for its owner: the buyer is e-mailed (an account to activate if they have none) and accepts or declines in the app',
    )
    .argument('<vesselId>', 'vessel id', parseId)
    .requiredOption('--to <address>', 'e-mail address of the buyer', parseEmail)
    .action(async (vesselId: number, options: OutputOptions & { to: string }, command: Command) => {
      const { transfer, outbox } = await withApp(openOptions(command), (app) =>
        audited(app, 'vessels transfer', { type: 'vessel', id: vesselId, details: { to: options.to } }, async () => ({
          transfer: await transfers(app).startAsOperator(vesselId, options.to),
          outbox: app.config.smtpUrl === null,
        })),
      );
      if (outbox) note('No SMTP_URL is configured: the buyer’s e-mail waits in the mail outbox (vessel-link mail list --show-body).');
      await present(
        options,
        transfer,
        transfersTable([transfer], `Offered ${transfer.vesselName} to ${transfer.buyerEmail}; nothing changes until they accept.`),
      );
    });
}

export function transfersCommand(): Command {
  return withJson(new Command('transfers'))
    .description('List transfers of ownership, newest first')
    .option('--vessel <id>', 'only this vessel’s', parseId)
    .option('--pending', 'only those waiting for the buyer')
    .action(async (options: OutputOptions & { vessel?: number; pending?: boolean }, command: Command) => {
      const rows = await withApp(openOptions(command), (app) => transfers(app).list({ vesselId: options.vessel, pendingOnly: Boolean(options.pending) }));
      await present(options, rows, transfersTable(rows));
    });
}

export function cancelTransferCommand(): Command {
  return withJson(new Command('cancel-transfer'))
    .description('Cancel a transfer waiting for the buyer; both sides are e-mailed and nothing changes')
    .argument('<transferId>', 'transfer id', parseId)
    .action(async (id: number, options: OutputOptions, command: Command) => {
      const transfer = await withApp(openOptions(command), (app) =>
        audited(app, 'vessels cancel-transfer', { type: 'transfer', id }, () => transfers(app).cancelAsOperator(id)),
      );
      await present(options, transfer, transfersTable([transfer], `Cancelled the transfer of ${transfer.vesselName}.`));
    });
}
