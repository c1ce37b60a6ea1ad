/**
 * `bridges`: reporting clients, the bridges' MQTT identities, through the bridges module's api.
 * `create` provisions one and shows its secret once; nothing else ever prints a secret. The
 * secret is keyed with the server's SESSION_SECRET, so the CLI must run with the server's
 * environment (same SESSION_SECRET, or the same DATA_DIR that keeps it).
 */
import Boom from '@hapi/boom';
import { Command, InvalidArgumentError, Option } from 'commander';
import {
  BridgeSecrets,
  connectionHistory,
  deleteBridge,
  editBridge,
  findBridge,
  listBridges,
  newPairingCodeFor,
  provisionBridge,
  storedUsageOf,
  type ReportingClient,
} from '../../src/modules/bridges/api.js';
import { serial as serialSchema, version as versionSchema } from '../../src/modules/bridges/api.js';
import { listVessels } from '../../src/modules/vessel/api.js';
import { audited, openOptions, withApp, type App } from '../app.js';
import { rolloutsCommand, updateCommand } from './rollouts.js';
import { parseId, parseText, withJson, withPaging, type OutputOptions, type PageOptions } from '../options.js';
import { morePagesNote, note, present } from '../output.js';
import { tableOf } from '../table.js';
import { NONE, pageFooter, shortDate, type TableView } from '../ui/view.js';

const parseWith = (schema: typeof serialSchema, message: string) => (value: string) => {
  const { error, value: parsed } = schema.validate(value);
  if (error) throw new InvalidArgumentError(message);
  return parsed as string;
};

const parseSerial = parseWith(serialSchema, '3 to 64 letters, digits, - or _, starting with a letter or digit.');

/** A bridge named by id (digits) or by serial. */
type BridgeRef = { id: number } | { serial: string };

function parseBridgeRef(value: string): BridgeRef {
  if (/^\d+$/.test(value.trim())) return { id: parseId(value) };
  try {
    return { serial: parseSerial(value) };
  } catch {
    throw new InvalidArgumentError('Not a bridge id or serial (a serial is 3 to 64 letters, digits, - or _).');
  }
}

async function findBridgeOrFail(app: App, ref: BridgeRef): Promise<ReportingClient> {
  const bridge = await findBridge(app.db, ref);
  if (!bridge) throw Boom.notFound(`No bridge ${'id' in ref ? `with id ${ref.id}` : ref.serial}`);
  return bridge;
}

type ListedBridge = ReportingClient & { vesselName: string | null };

function bridgesTable(bridges: ListedBridge[]): TableView {
  return {
    kind: 'table',
    columns: [
      { header: 'ID', align: 'right' },
      { header: 'SERIAL' },
      { header: 'VERSION' },
      { header: 'ONLINE', tone: (c) => (c === 'yes' ? 'green' : 'gray') },
      { header: 'LAST SEEN' },
      { header: 'VESSEL' },
    ],
    rows: bridges.map((b) => [
      String(b.id),
      b.serial,
      b.version ?? NONE,
      b.online ? 'yes' : 'no',
      shortDate(b.lastSeen),
      b.vesselId === null ? 'not paired' : `#${b.vesselId} ${b.vesselName ?? ''}`.trim(),
    ]),
    footer: `${bridges.length} bridge(s)`,
    empty: 'No bridges match.',
  };
}

function listCommand(): Command {
  return withJson(new Command('list'))
    .description('List bridges by serial, with their connection state and vessel')
    .option('--search <text>', 'only bridges whose serial contains the text', parseText(64))
    .addOption(new Option('--paired', 'only bridges paired with a vessel').conflicts('unpaired'))
    .addOption(new Option('--unpaired', 'only bridges waiting to be paired'))
    .action(async (options: OutputOptions & { search?: string; paired?: boolean; unpaired?: boolean }, command: Command) => {
      const paired = options.paired ? true : options.unpaired ? false : undefined;
      const bridges = await withApp(openOptions(command), async (app): Promise<ListedBridge[]> => {
        const found = await listBridges(app.db, { q: options.search, paired });
        const vesselIds = found.flatMap((b) => (b.vesselId === null ? [] : [b.vesselId]));
        const names = new Map((vesselIds.length ? await listVessels(app.db, { ids: vesselIds }) : []).map((v) => [v.id, v.name]));
        return found.map((b) => ({ ...b, vesselName: b.vesselId === null ? null : (names.get(b.vesselId) ?? null) }));
      });
      await present(options, bridges, bridgesTable(bridges));
    });
}

function createCommand(): Command {
  return withJson(new Command('create'))
    .description('Provision a bridge: its MQTT secret (shown only this once) and its pairing code')
    .option('--serial <serial>', 'the serial printed on the bridge; a new VL-... serial when left out', parseSerial)
    .option('--version <version>', 'the software version it runs', parseWith(versionSchema, 'At most 64 letters, digits, ., +, - or _.'))
    .action(async (options: OutputOptions & { serial?: string; version?: string }, command: Command) => {
      const bridge = await withApp(openOptions(command), (app) =>
        audited(
          app,
          'bridges create',
          { type: 'bridge', details: options.serial ? { serial: options.serial } : undefined },
          async () => {
            const created = await provisionBridge(app.db, new BridgeSecrets(app.config.sessionSecret), {
              serial: options.serial,
              version: options.version ?? null,
            });
            return { id: created.bridgeId, serial: created.serial, secret: created.secret, pairingCode: created.pairingCode };
          },
          (created) => created.id,
        ),
      );
      if (!options.json) note('The secret is shown only this once: put it on the bridge now. The owner pairs the bridge with a vessel using the pairing code.');
      await present(options, bridge, {
        kind: 'records',
        records: [
          {
            title: `Bridge #${bridge.id}`,
            fields: [
              ['Serial', bridge.serial],
              ['Secret', bridge.secret],
              ['Pairing code', bridge.pairingCode],
            ],
          },
        ],
        empty: '',
      });
    });
}

function deleteCommand(): Command {
  return withJson(new Command('delete'))
    .description('Delete a bridge with everything it reported; a server in another process refuses it at its next connect')
    .argument('<bridge>', 'bridge id or serial', parseBridgeRef)
    .action(async (ref: BridgeRef, options: OutputOptions, command: Command) => {
      const deleted = await withApp(openOptions(command), (app) =>
        audited(
          app,
          'bridges delete',
          { type: 'bridge', id: 'id' in ref ? ref.id : undefined, details: ref },
          async () => deleteBridge(app.db, (await findBridgeOrFail(app, ref)).id),
          (bridge) => bridge.id,
        ),
      );
      // This process has no connection to close; the server's broker holds it.
      note('A server running now keeps an open connection of this bridge until it drops; the bridge is refused at its next connect.');
      const result = { id: deleted.id, serial: deleted.serial, vesselId: deleted.vesselId, deleted: true };
      await present(options, result, {
        kind: 'message',
        lines: [
          `Deleted bridge ${deleted.serial} (#${deleted.id})${deleted.vesselId === null ? '' : `, which was paired with vessel #${deleted.vesselId}`}, and everything it reported.`,
        ],
      });
    });
}

function pairingCodeCommand(): Command {
  return withJson(new Command('pairing-code'))
    .description('Issue a new pairing code for a bridge that is not paired (the old code stops working)')
    .argument('<bridge>', 'bridge id or serial', parseBridgeRef)
    .action(async (ref: BridgeRef, options: OutputOptions, command: Command) => {
      const issued = await withApp(openOptions(command), (app) =>
        audited(
          app,
          'bridges pairing-code',
          { type: 'bridge', id: 'id' in ref ? ref.id : undefined, details: ref },
          async () => {
            const { bridgeId, serial, pairingCode } = await newPairingCodeFor(app.db, (await findBridgeOrFail(app, ref)).id);
            return { id: bridgeId, serial, pairingCode };
          },
          (result) => result.id,
        ),
      );
      await present(options, issued, {
        kind: 'records',
        records: [
          {
            title: `Bridge #${issued.id}`,
            fields: [
              ['Serial', issued.serial],
              ['Pairing code', issued.pairingCode],
            ],
          },
        ],
        empty: '',
      });
    });
}

function connectionsCommand(): Command {
  return withPaging(withJson(new Command('connections')))
    .description("A bridge's connection history: connects and disconnects, newest first (90 days kept)")
    .argument('<bridge>', 'bridge id or serial', parseBridgeRef)
    .addHelpText('after', '\nExamples:\n  vessel-link bridges connections VL-DEMO-0001\n  vessel-link bridges connections 4 --size 100 --json')
    .action(async (ref: BridgeRef, options: OutputOptions & PageOptions, command: Command) => {
      const history = await withApp(openOptions(command), async (app) => {
        const bridge = await findBridgeOrFail(app, ref);
        return connectionHistory(app.db, bridge.id, options.page, options.size);
      });
      morePagesNote(options.json, 'events', options.page, options.size, history.content.length, history.totalElements);
      await present(
        options,
        history.content,
        tableOf(
          history.content,
          [
            { header: 'AT', cell: (e) => e.at.replace('T', ' ').slice(0, 19) },
            { header: 'EVENT', cell: (e) => e.event, tone: (c) => (c === 'connected' ? 'green' : 'gray') },
          ],
          pageFooter('events', options.page, options.size, history.content.length, history.totalElements),
          'No connections recorded.',
        ),
      );
    });
}

function editCommand(): Command {
  return withJson(new Command('edit'))
    .description("Change a bridge's serial or software version, or give it a new secret or pairing code (each shown only this once)")
    .argument('<bridge>', 'bridge id or serial', parseBridgeRef)
    .option('--serial <serial>', 'the new serial', parseSerial)
    .option('--version <version>', 'the software version it runs', parseWith(versionSchema, 'At most 64 letters, digits, ., +, - or _.'))
    .option('--new-secret', 'issue a new MQTT secret; the old one stops working')
    .option('--new-pairing-code', 'issue a new pairing code; the old one stops working')
    .addHelpText('after', '\nExamples:\n  vessel-link bridges edit VL-DEMO-0001 --version 2.4.1\n  vessel-link bridges edit 4 --new-secret --json')
    .action(
      async (
        ref: BridgeRef,
        options: OutputOptions & { serial?: string; version?: string; newSecret?: boolean; newPairingCode?: boolean },
        command: Command,
      ) => {
        if (options.serial === undefined && options.version === undefined && !options.newSecret && !options.newPairingCode) {
          throw new InvalidArgumentError('Nothing to change: give --serial, --version, --new-secret or --new-pairing-code.');
        }
        const edited = await withApp(openOptions(command), (app) =>
          audited(
            app,
            'bridges edit',
            {
              type: 'bridge',
              id: 'id' in ref ? ref.id : undefined,
              details: {
                ...ref,
                serialChanged: options.serial !== undefined,
                newSecret: Boolean(options.newSecret),
                newPairingCode: Boolean(options.newPairingCode),
              },
            },
            async () =>
              editBridge(app.db, new BridgeSecrets(app.config.sessionSecret), (await findBridgeOrFail(app, ref)).id, {
                serial: options.serial,
                version: options.version,
                rotateSecret: Boolean(options.newSecret),
                newPairingCode: Boolean(options.newPairingCode),
              }),
            (result) => result.bridge.id,
          ),
        );
        if (!options.json && edited.disconnect) {
          note('A server running now drops the bridge at its next check; it must connect with its new serial or secret.');
        }
        if (!options.json && (edited.secret || edited.pairingCode))
          note('Shown only this once: put it on the bridge (or give the pairing code to the owner) now.');
        const { bridge, secret, pairingCode } = edited;
        await present(
          options,
          { ...bridge, ...(secret ? { secret } : {}), ...(pairingCode ? { pairingCode } : {}) },
          {
            kind: 'records',
            records: [
              {
                title: `Bridge #${bridge.id}`,
                fields: [
                  ['Serial', bridge.serial],
                  ['Version', bridge.version ?? NONE],
                  ...(secret ? ([['Secret', secret]] as Array<[string, string]>) : []),
                  ...(pairingCode ? ([['Pairing code', pairingCode]] as Array<[string, string]>) : []),
                ],
              },
            ],
            empty: '',
          },
        );
      },
    );
}

const DAY_MS = 86_400_000;

function parseDays(value: string): number {
  const days = Number(value);
  if (!Number.isInteger(days) || days < 1 || days > 366) throw new InvalidArgumentError('A whole number of days from 1 to 366.');
  return days;
}

/** A bar of up to `width` blocks for `value` against `max`. */
const bar = (value: number, max: number, width = 20): string => (max <= 0 || value <= 0 ? '' : '█'.repeat(Math.max(1, Math.round((value / max) * width))));

function usageCommand(): Command {
  return withJson(new Command('usage'))
    .description("A bridge's messages, bytes and rejected messages per day (UTC), the last 30 days unless --days says otherwise")
    .argument('<bridge>', 'bridge id or serial', parseBridgeRef)
    .option('--days <n>', 'how many days back, today included', parseDays, 30)
    .addHelpText('after', '\nExamples:\n  vessel-link bridges usage VL-DEMO-0001\n  vessel-link bridges usage 4 --days 7 --json')
    .action(async (ref: BridgeRef, options: OutputOptions & { days: number }, command: Command) => {
      const now = Date.now();
      const to = new Date(now).toISOString().slice(0, 10);
      const from = new Date(now - (options.days - 1) * DAY_MS).toISOString().slice(0, 10);
      const stored = await withApp(openOptions(command), async (app) => storedUsageOf(app.db, (await findBridgeOrFail(app, ref)).id, from, to));
      const byDay = new Map(stored.map((u) => [u.day, u]));
      // Every day of the range, a quiet one as zeros: a gap in the bridge's traffic is what the operator looks for.
      const days = Array.from({ length: options.days }, (_, i) => {
        const day = new Date(Date.parse(from) + i * DAY_MS).toISOString().slice(0, 10);
        return byDay.get(day) ?? { day, messages: 0, bytes: 0, rejected: 0 };
      });
      const max = Math.max(0, ...days.map((d) => d.messages));
      const total = days.reduce((sum, d) => sum + d.messages, 0);
      if (!options.json) note('Counts are written every 10 s by the server; the last seconds of today may be missing.');
      await present(
        options,
        days,
        tableOf(
          days,
          [
            { header: 'DAY', cell: (d) => d.day },
            { header: 'MESSAGES', align: 'right', cell: (d) => d.messages.toLocaleString('en-GB') },
            { header: 'BYTES', align: 'right', cell: (d) => d.bytes.toLocaleString('en-GB') },
            { header: 'REJECTED', align: 'right', cell: (d) => d.rejected, tone: (c) => (c === '0' ? undefined : 'red') },
            { header: '', cell: (d) => bar(d.messages, max) },
          ],
          `${total.toLocaleString('en-GB')} messages in ${options.days} day(s)`,
          'No usage recorded.',
        ),
      );
    });
}

export function bridgesCommand(): Command {
  return new Command('bridges')
    .description('Bridges (reporting clients): list, provisioning, deletion, pairing codes, staged software updates')
    .addCommand(listCommand())
    .addCommand(createCommand())
    .addCommand(editCommand())
    .addCommand(deleteCommand())
    .addCommand(pairingCodeCommand())
    .addCommand(usageCommand())
    .addCommand(connectionsCommand())
    .addCommand(updateCommand())
    .addCommand(rolloutsCommand());
}
