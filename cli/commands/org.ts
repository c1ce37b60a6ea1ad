/**
 * `org`: organisations from the operator's side. `org grants --vessel ID` lists the companies
 * with access to a vessel and the window of each grant (docs/decisions.md, "Time-boxed company
 * access"), judged on this machine's clock; `companies grants ID` the vessels a company reaches.
 * Read only; composed from the access, org and vessel apis.
 */
import Boom from '@hapi/boom';
import { Command } from 'commander';
import { type AccessWindowState, allGrantsOfCompany, companyGrantsOn, type Grant, windowState } from '../../src/modules/access/api.js';
import { companiesByIds, findCompany } from '../../src/modules/org/api.js';
import { listVessels, type PermissionSet } from '../../src/modules/vessel/api.js';
import { openOptions, withApp } from '../app.js';
import { parseId, withJson, type OutputOptions } from '../options.js';
import { present } from '../output.js';
import { NONE, shortDate, type Column, type TableView } from '../ui/view.js';
import { permissionSummary } from './vessels.js';

/** A company grant's window and permissions, as both sides (a vessel's companies, a company's vessels) show it. */
interface GrantWindow {
  state: AccessWindowState;
  startsAt: string | null;
  endsAt: string | null;
  firstUsedAt: string | null;
  paused: boolean;
  permissions: PermissionSet;
  permissionSummary: string;
}

type CompanyGrantRow = { companyId: number; companyName: string | null; companyKind: string | null } & GrantWindow;
type VesselGrantRow = { vesselId: number; vesselName: string | null } & GrantWindow;

const windowOf = (g: Grant, now: number): GrantWindow => ({
  state: windowState(g, now),
  startsAt: g.startsAt,
  endsAt: g.endsAt,
  firstUsedAt: g.firstUsedAt,
  paused: g.paused,
  permissions: g.permissions,
  permissionSummary: permissionSummary(g.permissions),
});

const STATE_TONES: Record<AccessWindowState, 'green' | 'yellow' | 'gray'> = { current: 'green', scheduled: 'yellow', expired: 'gray' };

const WINDOW_COLUMNS: Column[] = [
  { header: 'STATE', tone: (c) => STATE_TONES[c.split(',')[0] as AccessWindowState] ?? 'gray' },
  { header: 'FROM' },
  { header: 'UNTIL' },
  { header: 'FIRST USED' },
  { header: 'PERMISSIONS' },
];

const windowCells = (g: GrantWindow): string[] => [
  g.state + (g.paused ? ', paused' : ''),
  g.startsAt ? shortDate(g.startsAt) : 'given',
  g.endsAt ? shortDate(g.endsAt) : 'revoked',
  g.firstUsedAt ? shortDate(g.firstUsedAt) : 'not yet',
  g.permissionSummary,
];

function grantsTable(vesselName: string, grants: CompanyGrantRow[]): TableView {
  return {
    kind: 'table',
    columns: [{ header: 'COMPANY' }, { header: 'KIND' }, ...WINDOW_COLUMNS],
    rows: grants.map((g) => [`${g.companyName ?? NONE} (#${g.companyId})`, g.companyKind ?? NONE, ...windowCells(g)]),
    footer: `${grants.length} company grant(s) on ${vesselName}`,
    empty: `No company has access to ${vesselName}.`,
  };
}

function grantsCommand(): Command {
  return withJson(new Command('grants'))
    .description("List the companies with access to a vessel and each grant's window (current, scheduled or expired)")
    .requiredOption('--vessel <id>', 'vessel id', parseId)
    .action(async (options: OutputOptions & { vessel: number }, command: Command) => {
      const { name, grants } = await withApp(openOptions(command), async (app) => {
        const [vessel] = await listVessels(app.db, { ids: [options.vessel] });
        if (!vessel) throw Boom.notFound(`No vessel with id ${options.vessel}`);
        const found = await companyGrantsOn(app.db, [vessel.id]);
        const companies = await companiesByIds(
          app.db,
          found.map((g) => g.companyId!),
        );
        const now = Date.now();
        return {
          name: vessel.name,
          grants: found.map((g): CompanyGrantRow => {
            const company = companies.get(g.companyId!);
            return { companyId: g.companyId!, companyName: company?.name ?? null, companyKind: company?.kind ?? null, ...windowOf(g, now) };
          }),
        };
      });
      await present(options, grants, grantsTable(name, grants));
    });
}

function companyGrantsTable(companyName: string, grants: VesselGrantRow[]): TableView {
  return {
    kind: 'table',
    columns: [{ header: 'VESSEL' }, ...WINDOW_COLUMNS],
    rows: grants.map((g) => [`${g.vesselName ?? NONE} (#${g.vesselId})`, ...windowCells(g)]),
    footer: `${grants.length} vessel grant(s) of ${companyName}`,
    empty: `${companyName} has access to no vessel.`,
  };
}

/**
 * `companies grants <id>`: the vessels a company's accepted grants reach, each with its window
 * judged on this machine's clock, as the admin console's company detail shows them.
 */
export function companyGrantsCommand(): Command {
  return withJson(new Command('grants'))
    .description("List the vessels a company has access to and each grant's window (current, scheduled or expired)")
    .argument('<id>', 'company id', parseId)
    .action(async (id: number, options: OutputOptions, command: Command) => {
      const { name, grants } = await withApp(openOptions(command), async (app) => {
        const company = await findCompany(app.db, id);
        if (!company) throw Boom.notFound(`No company with id ${id}`);
        const found = await allGrantsOfCompany(app.db, company.id);
        const vessels = new Map((await listVessels(app.db, { ids: [...new Set(found.map((g) => g.vesselId))] })).map((v) => [v.id, v.name]));
        const now = Date.now();
        return {
          name: company.name,
          grants: found.map((g): VesselGrantRow => ({ vesselId: g.vesselId, vesselName: vessels.get(g.vesselId) ?? null, ...windowOf(g, now) })),
        };
      });
      await present(options, grants, companyGrantsTable(name, grants));
    });
}

export function orgCommand(): Command {
  return new Command('org').description('Organisations: company access to vessels (read only)').addCommand(grantsCommand());
}
