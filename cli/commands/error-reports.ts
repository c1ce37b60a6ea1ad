/**
 * `error-reports`: what the apps sent through utility/error, newest first, searchable.
 */
import { Command, Option } from 'commander';
import { findErrorReport, pageErrorReports, type ErrorReportView } from '../../src/modules/utility/api.js';
import { openOptions, withApp } from '../app.js';
import { parseId, parseInteger, parseText, withJson, withPaging, type OutputOptions, type PageOptions } from '../options.js';
import { morePagesNote, present } from '../output.js';
import { fieldsOf, tableOf } from '../table.js';
import { pageFooter, shortDate } from '../ui/view.js';

const reportsTable = (rows: ErrorReportView[], footer: string) =>
  tableOf(
    rows,
    [
      { header: 'ID', align: 'right', cell: (r) => r.id },
      { header: 'RECEIVED', cell: (r) => shortDate(r.receivedAt) },
      { header: 'STATUS', align: 'right', cell: (r) => r.status, tone: (c) => (Number(c) >= 500 ? 'red' : undefined) },
      { header: 'MESSAGE', cell: (r) => (r.displayedMsg ?? '').slice(0, 60) },
      { header: 'ENDPOINT', cell: (r) => r.endpoint },
      { header: 'USER', cell: (r) => r.userName },
      { header: 'VESSEL', cell: (r) => r.vesselName },
    ],
    footer,
    'No error reports match.',
  );

export function errorReportsCommand(): Command {
  const list = withPaging(withJson(new Command('list')))
    .description('List error reports, newest first')
    .option('--search <text>', 'message, endpoint, comment, user, vessel, browser or OS contains the text', parseText(200))
    .addOption(new Option('--platform <platform>', 'only this platform').choices(['CLOUD_UI', 'CLOUD_API']))
    .option('--status <code>', 'only this HTTP status', parseInteger(0, 999))
    .option('--vessel <id>', 'only reports about this vessel', parseId)
    .action(async (options: OutputOptions & PageOptions & { search?: string; platform?: string; status?: number; vessel?: number }, command: Command) => {
      const page = await withApp(openOptions(command), (app) =>
        pageErrorReports(app.db, {
          page: options.page,
          size: options.size,
          filter: { q: options.search, platform: options.platform, status: options.status, vesselId: options.vessel },
        }),
      );
      morePagesNote(options.json, 'reports', options.page, options.size, page.content.length, page.totalElements);
      await present(
        options,
        page.content,
        reportsTable(page.content, pageFooter('reports', options.page, options.size, page.content.length, page.totalElements)),
      );
    });
  const show = withJson(new Command('show'))
    .description('One error report with its request data')
    .argument('<id>', 'report id', parseId)
    .action(async (id: number, options: OutputOptions, command: Command) => {
      const report = await withApp(openOptions(command), (app) => findErrorReport(app.db, id));
      await present(options, report, { kind: 'records', records: [{ title: `Error report #${report.id}`, fields: fieldsOf({ ...report }) }], empty: '' });
    });
  return new Command('error-reports')
    .description('Error reports sent by the web app (utility/error)')
    .addCommand(list)
    .addCommand(show)
    .addHelpText('after', '\nExamples:\n  vessel-link error-reports list --search timeout --status 504\n  vessel-link error-reports show 12 --json');
}
