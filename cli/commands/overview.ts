/**
 * `overview`: the admin console's overview numbers (users, vessels, companies, bridges online,
 * active alarms, subscriptions, error reports) and its 14-day series as small bars, from the
 * admin module's api. The live ingest rate is known only to the running server, so it is left
 * out here.
 */
import { Command } from 'commander';
import { overview } from '../../src/modules/admin/api.js';
import { openOptions, withApp } from '../app.js';
import { withJson, type OutputOptions } from '../options.js';
import { present } from '../output.js';

const BLOCKS = '▁▂▃▄▅▆▇█';

/** One character a day, from ▁ (none) to █ (the busiest day of the series). */
export function sparkline(counts: number[]): string {
  const max = Math.max(0, ...counts);
  return counts.map((c) => (max === 0 ? BLOCKS[0] : BLOCKS[Math.round((c / max) * (BLOCKS.length - 1))])).join('');
}

export function overviewCommand(): Command {
  return withJson(new Command('overview'))
    .description("The platform at a glance: the admin console's overview numbers and their last 14 days")
    .addHelpText('after', '\nExamples:\n  vessel-link overview\n  vessel-link overview --json')
    .action(async (options: OutputOptions, command: Command) => {
      const numbers = await withApp(openOptions(command), (app) => overview(app.db, app.server.plugins.auth.api, null, Date.now()));
      const { ingest: _live, ...result } = numbers;
      const series = (name: string, days: Array<{ count: number }>) =>
        `${sparkline(days.map((d) => d.count))}  ${name} (${days.reduce((a, d) => a + d.count, 0)} in ${days.length} days)`;
      await present(options, result, {
        kind: 'records',
        records: [
          {
            title: `Vessel Link at ${result.at.replace('T', ' ').slice(0, 16)} UTC`,
            fields: [
              [
                'Users',
                `${result.users.total}: ${result.users.active} active, ${result.users.pending} invited, ${result.users.suspended} suspended, ${result.users.admins} administrator(s)`,
              ],
              ['Vessels', String(result.vessels)],
              ['Companies', String(result.companies)],
              ['Bridges', `${result.bridges.online} online of ${result.bridges.total} (${result.bridges.paired} paired)`],
              ['Active alarms', String(result.activeAlarms)],
              [
                'Subscriptions',
                `${result.subscriptions.valid} valid, ${result.subscriptions.expiringThisMonth} expiring this month, ${result.subscriptions.expired} expired, ${result.subscriptions.none} without`,
              ],
              ['Error reports', `${result.errorReportsThisWeek} this week`],
            ],
          },
          {
            title: 'Last 14 days',
            fields: [
              ['Messages', series('messages', result.series.messages)],
              ['New users', series('new users', result.series.newUsers)],
              ['New vessels', series('new vessels', result.series.newVessels)],
              ['Error reports', series('error reports', result.series.errorReports)],
            ],
          },
        ],
        empty: '',
      });
    });
}
