/**
 * `alerts`: the active alerts of every vessel (or one), and acknowledging one as the operator.
 * The same lifecycle as the app's: an acknowledgement is logged (by the operator, no user) and
 * announced, and recorded in the audit trail.
 */
import Boom from '@hapi/boom';
import { Command, Option } from 'commander';
import { activeAlertsOfVessels, type Alert, alertWithVessel } from '../../src/modules/alerts/api.js';
import { listVessels } from '../../src/modules/vessel/api.js';
import { audited, openOptions, withApp } from '../app.js';
import { parseId, withJson, type OutputOptions } from '../options.js';
import { present } from '../output.js';
import { shortDate, type TableView, type View } from '../ui/view.js';

type AlertItem = Alert & { vesselId: number };

const PRIORITY_TONE = { emergency: 'red', alarm: 'red', warning: 'yellow', caution: undefined } as const;

function alertsTable(alerts: AlertItem[], vesselNames: Map<number, string>): TableView {
  return {
    kind: 'table',
    columns: [
      { header: 'ID', align: 'right' },
      { header: 'VESSEL' },
      { header: 'PRIORITY', tone: (c) => PRIORITY_TONE[c as keyof typeof PRIORITY_TONE] },
      { header: 'STATUS' },
      { header: 'MESSAGE' },
      { header: 'RAISED' },
    ],
    rows: alerts.map((a) => [String(a.id), vesselNames.get(a.vesselId) ?? `#${a.vesselId}`, a.priority, a.status, a.message || a.path, shortDate(a.raisedAt)]),
    footer: `${alerts.length} active alert(s)`,
    empty: 'No active alerts.',
  };
}

function listCommand(): Command {
  return withJson(new Command('list'))
    .description('List the active alerts (including rectified ones nobody has acknowledged), newest first')
    .addOption(new Option('--vessel <id>', 'only this vessel').argParser(parseId))
    .action(async (options: OutputOptions & { vessel?: number }, command: Command) => {
      const { alerts, names } = await withApp(openOptions(command), async (app) => {
        const vessels = await listVessels(app.db, options.vessel === undefined ? {} : { ids: [options.vessel] });
        if (options.vessel !== undefined && !vessels.length) throw Boom.notFound(`Vessel ${options.vessel} not found`);
        return {
          alerts: await activeAlertsOfVessels(
            app.db,
            vessels.map((v) => v.id),
            app.ctx.clock.now(),
          ),
          names: new Map(vessels.map((v) => [v.id, v.name])),
        };
      });
      await present(options, alerts, alertsTable(alerts, names));
    });
}

function ackCommand(): Command {
  return withJson(new Command('ack'))
    .description('Acknowledge an alert as the operator')
    .argument('<id>', 'alert id', parseId)
    .action(async (id: number, options: OutputOptions, command: Command) => {
      const alert = await withApp(openOptions(command), (app) =>
        audited(app, 'alerts ack', { type: 'alert', id }, async () => {
          const found = await alertWithVessel(app.db, id);
          if (!found) throw Boom.notFound(`Alert ${id} not found`);
          return { ...(await app.server.plugins.alerts.lifecycle.acknowledge(found.vesselId, found.row, null)), vesselId: found.vesselId };
        }),
      );
      const view: View = { kind: 'message', lines: [`Alert ${alert.id} (${alert.priority}, ${alert.message || alert.path}): ${alert.status}`] };
      await present(options, alert, view);
    });
}

export function alertsCommand(): Command {
  return new Command('alerts').description('Vessel alerts: the active ones, and acknowledging one').addCommand(listCommand()).addCommand(ackCommand());
}
