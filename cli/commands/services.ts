/**
 * `services due --company ID`: a company's services due across the vessels its grants reach,
 * overdue first, then by due date (docs/api.md, "Service schedules").
 */
import Boom from '@hapi/boom';
import { Command, Option } from 'commander';
import type { ServiceDueEntry } from '../../src/modules/service/api.js';
import { findCompany } from '../../src/modules/org/api.js';
import { openOptions, withApp } from '../app.js';
import { parseId, withJson, type OutputOptions } from '../options.js';
import { present } from '../output.js';
import { NONE, type View } from '../ui/view.js';

const STATUS_TONE = { overdue: 'red', dueSoon: 'yellow', ok: 'green' } as const;

function dueView(companyName: string, entries: ServiceDueEntry[]): View {
  const left = (e: ServiceDueEntry) =>
    [e.due.hoursLeft !== null ? `${e.due.hoursLeft} h` : null, e.due.daysLeft !== null ? `${e.due.daysLeft} d` : null].filter(Boolean).join(' / ') || NONE;
  return {
    kind: 'table',
    columns: [
      { header: 'ID', align: 'right' },
      { header: 'VESSEL' },
      { header: 'ITEM' },
      { header: 'STATUS', tone: (c) => STATUS_TONE[c as keyof typeof STATUS_TONE] },
      { header: 'DUE HOURS', align: 'right' },
      { header: 'DUE DATE' },
      { header: 'LEFT' },
    ],
    rows: entries.map((e) => [
      String(e.id),
      e.vesselName,
      e.name,
      e.due.status,
      e.due.dueHours === null ? NONE : String(e.due.dueHours),
      e.due.dueDate ?? NONE,
      left(e),
    ]),
    footer: `${entries.length} service item(s) on ${companyName}'s vessels`,
    empty: `No service items on the vessels ${companyName} has access to.`,
  };
}

function dueCommand(): Command {
  return withJson(new Command('due'))
    .description("List a company's services due across its clients' vessels, overdue first, then by due date")
    .addOption(new Option('--company <id>', 'the company').argParser(parseId).makeOptionMandatory())
    .action(async (options: OutputOptions & { company: number }, command: Command) => {
      const { name, entries } = await withApp(openOptions(command), async (app) => {
        const company = await findCompany(app.db, options.company);
        if (!company) throw Boom.notFound(`No company with id ${options.company}`);
        return { name: company.name, entries: await app.server.plugins.service.api.servicesDueOfCompany(company.id) };
      });
      await present(options, entries, dueView(name, entries));
    });
}

export function servicesCommand(): Command {
  return new Command('services').description('Service schedules of vessels').addCommand(dueCommand());
}
