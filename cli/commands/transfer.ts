/**
 * `import users.csv` (invite or create each row, with a progress bar and an error per row) and
 * `export <list> --format csv|json` (every row of an admin list).
 */
import { readFileSync } from 'node:fs';
import Boom from '@hapi/boom';
import { Argument, Command, Option } from 'commander';
import { subscriptionStates } from '../../src/modules/admin/api.js';
import { email as emailSchema, password as passwordSchema, publicUser } from '../../src/modules/auth/api.js';
import { listBridges } from '../../src/modules/bridges/api.js';
import { pageCompanies, vesselModelsOf } from '../../src/modules/org/api.js';
import { languages, pageErrorReports } from '../../src/modules/utility/api.js';
import { documentCategories, listVessels } from '../../src/modules/vessel/api.js';
import { pageAudit } from '../../src/platform/audit.js';
import type { Page, PageRequest } from '../../src/platform/pagination.js';
import { audited, openOptions, withApp, type App } from '../app.js';
import { parseCsv, toCsv } from '../csv.js';
import { UsageError } from '../errors.js';
import { withJson, type OutputOptions } from '../options.js';
import { present, progress } from '../output.js';
import { tableOf } from '../table.js';
import { INVITATION } from './users.js';

interface ImportRow {
  row: number;
  email: string;
  firstName?: string;
  lastName?: string;
  admin: boolean;
  password?: string;
}

interface RowError {
  row: number;
  email: string | null;
  error: string;
}

const HEADERS = ['email', 'firstname', 'lastname', 'admin', 'password'];

/** Checks every row before anything is written; answers the good rows and an error per bad one. */
export function validateUsersCsv(text: string): { rows: ImportRow[]; errors: RowError[] } {
  const [header, ...lines] = parseCsv(text);
  if (!header) throw new UsageError('The file is empty: it needs a header line, e.g. email,firstName,lastName,admin');
  const names = header.map((h) =>
    h
      .trim()
      .toLowerCase()
      .replace(/[\s_-]/g, ''),
  );
  const unknown = names.filter((n) => !HEADERS.includes(n));
  if (!names.includes('email')) throw new UsageError('The header line needs an "email" column (and may have firstName, lastName, admin, password).');
  if (unknown.length) throw new UsageError(`Unknown column(s): ${unknown.join(', ')}. Known: email, firstName, lastName, admin, password.`);
  const rows: ImportRow[] = [];
  const errors: RowError[] = [];
  const seen = new Set<string>();
  lines.forEach((cells, i) => {
    const row = i + 2;
    const get = (name: string) => cells[names.indexOf(name)]?.trim() || undefined;
    const { error, value: email } = emailSchema.validate(get('email') ?? '');
    if (error) return errors.push({ row, email: get('email') ?? null, error: 'not a valid e-mail address' });
    if (seen.has(email as string)) return errors.push({ row, email: email as string, error: 'this e-mail address is already on an earlier row' });
    seen.add(email as string);
    const admin = (get('admin') ?? 'false').toLowerCase();
    if (!['true', 'false', 'yes', 'no', '1', '0'].includes(admin)) return errors.push({ row, email: email as string, error: 'admin must be true or false' });
    const password = get('password');
    if (password !== undefined && passwordSchema.validate(password).error)
      return errors.push({ row, email: email as string, error: 'the password must be 12 to 128 characters' });
    for (const field of ['firstname', 'lastname'])
      if ((get(field)?.length ?? 0) > 100) return errors.push({ row, email: email as string, error: `${field} is longer than 100 characters` });
    rows.push({ row, email: email as string, firstName: get('firstname'), lastName: get('lastname'), admin: ['true', 'yes', '1'].includes(admin), password });
  });
  return { rows, errors };
}

export function importCommand(): Command {
  return withJson(new Command('import'))
    .description('Import users from a CSV file: rows with a password are created active, the others invited by e-mail')
    .addArgument(new Argument('<file>', 'CSV with a header line: email, and any of firstName, lastName, admin (true/false), password'))
    .addHelpText(
      'after',
      '\nEvery row is checked first; rows with errors are reported and skipped, the others imported. Exit code 1 when any row failed.\n\nExamples:\n  vessel-link import users.csv\n  vessel-link import users.csv --json | jq .errors',
    )
    .action(async (file: string, options: OutputOptions, command: Command) => {
      let text: string;
      try {
        text = readFileSync(file, 'utf8');
      } catch {
        throw new UsageError(`Cannot read ${file}`);
      }
      const { rows, errors } = validateUsersCsv(text);
      const imported = await withApp(openOptions(command), async (app) => {
        const auth = app.server.plugins.auth.api;
        const done: Array<ReturnType<typeof publicUser> & { row: number; invited: boolean }> = [];
        const bar = await progress(options, 'Importing users', rows.length);
        try {
          for (const r of rows) {
            try {
              const user = await audited(
                app,
                'import users',
                { type: 'user', details: { row: r.row } },
                async () => {
                  if (await auth.findUserByEmail(r.email)) throw Boom.conflict('a user with this e-mail address already exists');
                  if (r.password)
                    return auth.createUser({ email: r.email, password: r.password, firstName: r.firstName, lastName: r.lastName, isAdmin: r.admin });
                  const { user: invited } = await auth.inviteUser(r.email, INVITATION);
                  if (r.firstName || r.lastName) await auth.updateUser(invited.id, { firstName: r.firstName, lastName: r.lastName });
                  if (r.admin) await auth.setAdmin(invited.id, true);
                  return (await auth.findUser(invited.id))!;
                },
                (u) => u.id,
              );
              done.push({ ...publicUser(user), row: r.row, invited: !r.password });
            } catch (err) {
              errors.push({ row: r.row, email: r.email, error: err instanceof Error ? err.message : String(err) });
            }
            bar.step(r.email);
          }
        } finally {
          await bar.finish();
        }
        return done;
      });
      errors.sort((a, b) => a.row - b.row);
      const result = { imported: imported.length, errors, users: imported };
      await present(
        options,
        result,
        errors.length
          ? tableOf(
              errors,
              [
                { header: 'ROW', align: 'right', cell: (e) => e.row },
                { header: 'E-MAIL', cell: (e) => e.email },
                { header: 'ERROR', cell: (e) => e.error, tone: () => 'red' },
              ],
              `${imported.length} user(s) imported, ${errors.length} row(s) with errors`,
              '',
            )
          : { kind: 'message', lines: [`${imported.length} user(s) imported (${imported.filter((u) => u.invited).length} invited by e-mail).`] },
      );
      if (errors.length) throw Boom.badData(`${errors.length} row(s) were not imported`);
    });
}

/** Every page of a paged list. */
async function everyPage<T>(load: (request: PageRequest<Record<string, never>>) => Promise<Page<T>>): Promise<T[]> {
  const all: T[] = [];
  for (let page = 0; ; page++) {
    const { content, totalElements } = await load({ page, size: 200, filter: {} });
    all.push(...content);
    if (!content.length || all.length >= totalElements) return all;
  }
}

const billingOf = (app: App) => app.server.plugins.billing.api;

const LISTS: Record<string, (app: App) => Promise<object[]>> = {
  users: async (app) => (await everyPage((r) => app.server.plugins.auth.api.pageUsers(r))).map(publicUser),
  companies: (app) => everyPage((r) => pageCompanies(app.db, r)),
  vessels: (app) => listVessels(app.db),
  'vessel-models': (app) => vesselModelsOf(app.db),
  bridges: (app) => listBridges(app.db),
  products: (app) => billingOf(app).products(),
  vouchers: (app) => billingOf(app).vouchers(),
  subscriptions: (app) => subscriptionStates(app.db, {}, Date.now()),
  logs: (app) => everyPage((r) => pageAudit(app.db, r)),
  'error-reports': (app) => everyPage((r) => pageErrorReports(app.db, r)),
  'document-categories': (app) => documentCategories(app.db),
  languages: (app) => languages(app.db),
};

export function exportCommand(): Command {
  return new Command('export')
    .description('Print every row of an admin list as CSV or JSON')
    .addArgument(new Argument('<list>', 'what to export').choices(Object.keys(LISTS)))
    .addOption(new Option('--format <format>', 'csv or json').choices(['csv', 'json']).default('csv'))
    .addHelpText(
      'after',
      '\nExamples:\n  vessel-link export users > users.csv\n  vessel-link export subscriptions --format json | jq \'.[] | select(.state == "expiring")\'',
    )
    .action(async (list: string, options: { format: 'csv' | 'json' }, command: Command) => {
      const rows = await withApp(openOptions(command), (app) => LISTS[list](app));
      process.stdout.write(options.format === 'json' ? JSON.stringify(rows, null, 2) + '\n' : toCsv(rows as Array<Record<string, unknown>>));
    });
}
