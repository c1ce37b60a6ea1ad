/**
 * The admin catalogue, with the API's names: `companies`, `vessel-models`, `document-categories`,
 * `navigation`, `languages`. Each works through the owning module's api, as the admin routes do,
 * and every change is audited.
 */
import { readFileSync } from 'node:fs';
import Boom from '@hapi/boom';
import { Command, InvalidArgumentError, Option } from 'commander';
import { detectImage, storeFile } from '../../src/platform/files.js';
import {
  COMPANY_KINDS,
  createCompany,
  createVesselModel,
  deleteVesselModel,
  findVesselModel,
  findCompany,
  pageCompanies,
  staffOfCompany,
  setVesselModelImage,
  updateCompany,
  updateVesselModel,
  type AdminCompany,
  type CompanyInput,
  type CompanyKind,
  type VesselModel,
} from '../../src/modules/org/api.js';
import { addLanguage, languages } from '../../src/modules/utility/api.js';
import { addDocumentCategory, countVesselsOfModel, documentCategories } from '../../src/modules/vessel/api.js';
import { audited, openOptions, withApp } from '../app.js';
import { parseEmail, parseId, parseText, withJson, withPaging, type OutputOptions, type PageOptions } from '../options.js';
import { morePagesNote, present } from '../output.js';
import { fieldsOf, tableOf } from '../table.js';
import { pageFooter } from '../ui/view.js';
import { companyGrantsCommand } from './org.js';

const parseKind = (value: string): CompanyKind => {
  if (!(COMPANY_KINDS as string[]).includes(value)) throw new InvalidArgumentError(`One of ${COMPANY_KINDS.join(', ')}.`);
  return value as CompanyKind;
};

const parseCountry = (value: string): string => {
  if (!/^[A-Za-z]{2}$/.test(value)) throw new InvalidArgumentError('A two-letter country code, e.g. GB.');
  return value.toUpperCase();
};

const examples = (command: Command, text: string): Command => command.addHelpText('after', `\nExamples:\n${text}`);

const companyTable = (rows: AdminCompany[], footer: string) =>
  tableOf(
    rows,
    [
      { header: 'ID', align: 'right', cell: (c) => c.id },
      { header: 'NAME', cell: (c) => c.name },
      { header: 'KIND', cell: (c) => c.kind },
      { header: 'COUNTRY', cell: (c) => c.countryCode },
      { header: 'E-MAIL', cell: (c) => c.email },
      { header: 'STAFF', align: 'right', cell: (c) => c.staffCount },
    ],
    footer,
    'No companies match.',
  );

const companyFlags = (command: Command, nameRequired: boolean): Command =>
  command
    .addOption(new Option('--name <name>', 'the company name').argParser(parseText(200)).makeOptionMandatory(nameRequired))
    .option('--email <email>', 'contact e-mail address', parseText(320))
    .option('--phone <phone>', 'phone number', parseText(50))
    .option('--country <code>', 'two-letter country code', parseCountry)
    .option('--website <url>', 'https://… address', parseText(300));

type CompanyFlags = { name?: string; email?: string; phone?: string; country?: string; website?: string };

const companyInput = (o: CompanyFlags): Partial<CompanyInput> => ({
  ...(o.name !== undefined ? { name: o.name } : {}),
  ...(o.email !== undefined ? { email: o.email } : {}),
  ...(o.phone !== undefined ? { phone: o.phone } : {}),
  ...(o.country !== undefined ? { countryCode: o.country } : {}),
  ...(o.website !== undefined ? { website: o.website } : {}),
});

export function companiesCommand(): Command {
  const list = withPaging(withJson(new Command('list')))
    .description('List companies by name, with their number of active staff')
    .option('--kind <kind>', 'dealer, manufacturer or contractor', parseKind)
    .option('--search <text>', 'name, e-mail or website contains the text', parseText(200))
    .action(async (options: OutputOptions & PageOptions & { kind?: CompanyKind; search?: string }, command: Command) => {
      const page = await withApp(openOptions(command), (app) =>
        pageCompanies(app.db, { page: options.page, size: options.size, sort: 'name,asc', filter: { kind: options.kind, q: options.search } }),
      );
      morePagesNote(options.json, 'companies', options.page, options.size, page.content.length, page.totalElements);
      await present(
        options,
        page.content,
        companyTable(page.content, pageFooter('companies', options.page, options.size, page.content.length, page.totalElements)),
      );
    });
  const create = companyFlags(withJson(new Command('create')), true)
    .description('Create a dealer, manufacturer or contractor')
    .argument('<kind>', 'dealer, manufacturer or contractor', parseKind)
    .action(async (kind: CompanyKind, options: OutputOptions & CompanyFlags, command: Command) => {
      const company = await withApp(openOptions(command), (app) =>
        audited(
          app,
          'companies create',
          { type: 'company', details: { kind } },
          () => createCompany(app.db, kind, companyInput(options) as CompanyInput),
          (c) => c.id,
        ),
      );
      await present(options, company, companyTable([company], 'created'));
    });
  const edit = companyFlags(withJson(new Command('edit')), false)
    .description("Edit a company's details")
    .argument('<id>', 'company id', parseId)
    .action(async (id: number, options: OutputOptions & CompanyFlags, command: Command) => {
      const input = companyInput(options);
      if (!Object.keys(input).length) throw new InvalidArgumentError('Nothing to change: give --name, --email, --phone, --country or --website.');
      const company = await withApp(openOptions(command), (app) =>
        audited(app, 'companies edit', { type: 'company', id }, () => updateCompany(app.db, id, input)),
      );
      await present(options, company, companyTable([company], 'updated'));
    });
  const staff = withJson(new Command('staff'))
    .description("A company's staff: members and open invitations, with role, state and e-mail address")
    .argument('<id>', 'company id', parseId)
    .action(async (id: number, options: OutputOptions, command: Command) => {
      const members = await withApp(openOptions(command), async (app) => {
        if (!(await findCompany(app.db, id))) throw Boom.notFound(`No company with id ${id}`);
        const rows = await staffOfCompany(app.db, id);
        const users = await app.server.plugins.auth.api.usersByIds(rows.flatMap((r) => (r.userId === null ? [] : [r.userId])));
        return rows.map((r) => {
          const user = r.userId === null ? undefined : users.get(r.userId);
          return {
            id: r.id,
            userId: r.userId,
            email: user?.email ?? r.invitedEmail,
            name: user ? `${user.firstName} ${user.lastName}`.trim() : null,
            role: r.role,
            status: r.status,
            paused: r.paused,
          };
        });
      });
      await present(
        options,
        members,
        tableOf(
          members,
          [
            { header: 'ID', align: 'right', cell: (m) => m.id },
            { header: 'E-MAIL', cell: (m) => m.email ?? '' },
            { header: 'NAME', cell: (m) => m.name ?? '' },
            { header: 'ROLE', cell: (m) => m.role },
            { header: 'STATE', cell: (m) => (m.paused ? 'paused' : m.status === 'pending' ? 'invited' : m.status) },
          ],
          `${members.length} member(s)`,
          `No staff yet: invite its administrator (vessel-link companies invite-admin ${id} --email …).`,
        ),
      );
    });
  const inviteAdmin = withJson(new Command('invite-admin'))
    .description("Invite a company's first administrator, who then invites its staff (refused once it has one)")
    .argument('<id>', 'company id', parseId)
    .addOption(
      new Option('--email <address>', 'who runs the company: e-mailed an invitation, with an account to activate when the address has none')
        .argParser(parseEmail)
        .makeOptionMandatory(),
    )
    .action(async (id: number, options: OutputOptions & { email: string }, command: Command) => {
      const invited = await withApp(openOptions(command), (app) =>
        audited(app, 'companies invite-admin', { type: 'company', id, details: { invited: options.email } }, () =>
          // The operator is nobody: the invitation names no inviter.
          app.server.plugins.org.api.inviteFirstAdministrator(id, options.email, null),
        ),
      );
      await present(options, invited, {
        kind: 'message',
        lines: [`Invited ${invited.email} to run company #${invited.companyId}: they accept under Organisation within 14 days (see "mail list").`],
      });
    });
  return examples(
    new Command('companies')
      .description('Dealers, manufacturers and contractors')
      .addCommand(list)
      .addCommand(create)
      .addCommand(edit)
      .addCommand(staff)
      .addCommand(inviteAdmin)
      .addCommand(companyGrantsCommand()),
    `  vessel-link companies list --kind dealer
  vessel-link companies staff 4 --json
  vessel-link companies invite-admin 4 --email boss@riviera.example --json
  vessel-link companies grants 4
  vessel-link companies create dealer --name "Riviera Yachts" --country FR --email sales@riviera.example
  vessel-link companies edit 4 --phone "+33 4 93 00 00 00" --json`,
  );
}

const modelTable = (rows: VesselModel[], footer: string) =>
  tableOf(
    rows,
    [
      { header: 'ID', align: 'right', cell: (m) => m.id },
      { header: 'NAME', cell: (m) => m.name },
      { header: 'MANUFACTURER', align: 'right', cell: (m) => m.manufacturerId },
      { header: 'LENGTH (M)', align: 'right', cell: (m) => m.lengthM },
      { header: 'IMAGE', cell: (m) => m.imageUrl },
    ],
    footer,
    'No vessel models.',
  );

const parseLength = (value: string): number => {
  const n = Number(value);
  if (!Number.isFinite(n) || n < 1 || n > 200) throw new InvalidArgumentError('A length in metres between 1 and 200.');
  return n;
};

export function vesselModelsCommand(): Command {
  const list = withJson(new Command('list'))
    .description('List vessel models by name')
    .option('--manufacturer <id>', 'only this manufacturer’s models', parseId)
    .action(async (options: OutputOptions & { manufacturer?: number }, command: Command) => {
      const models = await withApp(openOptions(command), async (app) => {
        const { vesselModelsOf } = await import('../../src/modules/org/api.js');
        return vesselModelsOf(app.db, options.manufacturer);
      });
      await present(options, models, modelTable(models, `${models.length} model(s)`));
    });
  const create = withJson(new Command('create'))
    .description('Create a vessel model of a manufacturer')
    .requiredOption('--name <name>', 'model name', parseText(200))
    .requiredOption('--manufacturer <id>', 'manufacturer (company id)', parseId)
    .option('--length <metres>', 'length overall in metres', parseLength)
    .action(async (options: OutputOptions & { name: string; manufacturer: number; length?: number }, command: Command) => {
      const model = await withApp(openOptions(command), (app) =>
        audited(
          app,
          'vessel-models create',
          { type: 'vesselModel' },
          () => createVesselModel(app.db, { name: options.name, manufacturerId: options.manufacturer, lengthM: options.length ?? null }),
          (m) => m.id,
        ),
      );
      await present(options, model, modelTable([model], 'created'));
    });
  const edit = withJson(new Command('edit'))
    .description("Edit a vessel model's name, manufacturer or length")
    .argument('<id>', 'model id', parseId)
    .option('--name <name>', 'model name', parseText(200))
    .option('--manufacturer <id>', 'manufacturer (company id)', parseId)
    .option('--length <metres>', 'length overall in metres', parseLength)
    .action(async (id: number, options: OutputOptions & { name?: string; manufacturer?: number; length?: number }, command: Command) => {
      const input = {
        ...(options.name !== undefined ? { name: options.name } : {}),
        ...(options.manufacturer !== undefined ? { manufacturerId: options.manufacturer } : {}),
        ...(options.length !== undefined ? { lengthM: options.length } : {}),
      };
      if (!Object.keys(input).length) throw new InvalidArgumentError('Nothing to change: give --name, --manufacturer or --length.');
      const model = await withApp(openOptions(command), (app) =>
        audited(app, 'vessel-models edit', { type: 'vesselModel', id }, () => updateVesselModel(app.db, id, input)),
      );
      await present(options, model, modelTable([model], 'updated'));
    });
  const remove = withJson(new Command('delete'))
    .description('Delete a vessel model no vessel uses')
    .argument('<id>', 'model id', parseId)
    .action(async (id: number, options: OutputOptions, command: Command) => {
      const model = await withApp(openOptions(command), (app) =>
        audited(app, 'vessel-models delete', { type: 'vesselModel', id }, async () => {
          const found = await findVesselModel(app.db, id);
          if (!found) throw Boom.notFound(`No vessel model with id ${id}`);
          const used = await countVesselsOfModel(app.db, id);
          if (used) throw Boom.badRequest(`${found.name} cannot be deleted: ${used} vessel(s) use this model`);
          return deleteVesselModel(app.db, id);
        }),
      );
      await present(options, { deleted: model }, { kind: 'message', lines: [`Deleted vessel model ${model.name} (#${model.id}).`] });
    });
  const image = withJson(new Command('image'))
    .description("Replace a vessel model's picture (PNG, JPEG, GIF or WebP, checked by content)")
    .argument('<id>', 'model id', parseId)
    .argument('<file>', 'the image file')
    .action(async (id: number, file: string, options: OutputOptions, command: Command) => {
      const model = await withApp(openOptions(command), (app) =>
        audited(app, 'vessel-models image', { type: 'vesselModel', id }, async () => {
          if (!(await findVesselModel(app.db, id))) throw Boom.notFound(`No vessel model with id ${id}`);
          const data = readFileSync(file);
          if (data.length > app.config.uploads.imageMaxBytes) throw Boom.entityTooLarge('The image is too large');
          const stored = await storeFile(app.db, { data, mime: detectImage(data), ownerUserId: null });
          return setVesselModelImage(app.db, id, stored.id);
        }),
      );
      await present(options, model, { kind: 'records', records: [{ title: model.name, fields: fieldsOf({ ...model }) }], empty: '' });
    });
  return examples(
    new Command('vessel-models')
      .description('Vessel models of the manufacturers')
      .addCommand(list)
      .addCommand(create)
      .addCommand(edit)
      .addCommand(remove)
      .addCommand(image),
    `  vessel-link vessel-models list --manufacturer 3
  vessel-link vessel-models create --name "Azure 44" --manufacturer 3 --length 13.4
  vessel-link vessel-models image 7 ./azure-44.jpg
  vessel-link vessel-models delete 7 --json`,
  );
}

/** A noun with `list` and `add` over a reference list (document categories, languages). */
function referenceCommand<T extends object>(spec: {
  name: string;
  description: string;
  list: (app: Parameters<Parameters<typeof withApp>[1]>[0]) => Promise<T[]>;
  columns: Parameters<typeof tableOf<T>>[1];
  add: Command;
  example: string;
}): Command {
  const list = withJson(new Command('list'))
    .description(`List ${spec.description.toLowerCase()}`)
    .action(async (options: OutputOptions, command: Command) => {
      const rows = await withApp(openOptions(command), spec.list);
      await present(options, rows, tableOf(rows, spec.columns, `${rows.length} in all`, 'None yet.'));
    });
  return examples(new Command(spec.name).description(spec.description).addCommand(list).addCommand(spec.add), spec.example);
}

export function documentCategoriesCommand(): Command {
  const add = withJson(new Command('add'))
    .description('Add a document category')
    .argument('<name>', 'category name', parseText(100))
    .action(async (name: string, options: OutputOptions, command: Command) => {
      const category = await withApp(openOptions(command), (app) =>
        audited(
          app,
          'document-categories add',
          { type: 'documentCategory' },
          () => addDocumentCategory(app.db, name.trim()),
          (c) => c.id,
        ),
      );
      await present(options, category, { kind: 'message', lines: [`Added document category ${category.name} (#${category.id}).`] });
    });
  return referenceCommand({
    name: 'document-categories',
    description: 'Document categories',
    list: (app) => documentCategories(app.db),
    columns: [
      { header: 'ID', align: 'right', cell: (c) => c.id },
      { header: 'NAME', cell: (c) => c.name },
    ],
    add,
    example: '  vessel-link document-categories list\n  vessel-link document-categories add "Survey reports" --json',
  });
}

export function languagesCommand(): Command {
  const add = withJson(new Command('add'))
    .description('Add a language users can choose')
    .argument('<code>', 'language code, e.g. de or pt-BR', (v: string) => {
      if (!/^[a-z]{2}(-[A-Z]{2})?$/.test(v)) throw new InvalidArgumentError('A code like de or pt-BR.');
      return v;
    })
    .argument('<name>', 'its name', parseText(100))
    .action(async (code: string, name: string, options: OutputOptions, command: Command) => {
      const language = await withApp(openOptions(command), (app) =>
        audited(app, 'languages add', { type: 'language', id: code }, () => addLanguage(app.db, { code, name })),
      );
      await present(options, language, { kind: 'message', lines: [`Added language ${language.name} (${language.code}).`] });
    });
  return referenceCommand({
    name: 'languages',
    description: 'Languages users can choose',
    list: (app) => languages(app.db),
    columns: [
      { header: 'CODE', cell: (l) => l.code },
      { header: 'NAME', cell: (l) => l.name },
    ],
    add,
    example: '  vessel-link languages list --json\n  vessel-link languages add nl Nederlands',
  });
}

const AUDIENCES = ['all', 'admin', 'corporate'] as const;

export function navigationCommand(): Command {
  const add = withJson(new Command('add'))
    .description('Add a navigation component (menu entry)')
    .requiredOption('--code <code>', 'unique code, e.g. REPORTS', parseText(50))
    .requiredOption('--name <name>', 'the label', parseText(100))
    .requiredOption('--path <path>', 'where it leads, e.g. /reports', parseText(200))
    .option('--icon <icon>', 'icon name', parseText(50), 'circle')
    .option('--order <n>', 'menu order', parseId, 100)
    .addOption(new Option('--audience <who>', 'who sees it').choices([...AUDIENCES]).default('all'))
    .action(
      async (
        options: OutputOptions & { code: string; name: string; path: string; icon: string; order: number; audience: (typeof AUDIENCES)[number] },
        command: Command,
      ) => {
        const component = await withApp(openOptions(command), (app) =>
          audited(
            app,
            'navigation add',
            { type: 'navigation' },
            async () => {
              return app.server.plugins.admin.api.addNavigation({
                code: options.code,
                name: options.name,
                path: options.path,
                icon: options.icon,
                menuOrder: options.order,
                audience: options.audience,
              });
            },
            (c) => c.id,
          ),
        );
        await present(options, component, { kind: 'message', lines: [`Added navigation component ${component.code} (#${component.id}).`] });
      },
    );
  return referenceCommand({
    name: 'navigation',
    description: 'Navigation components (the menu)',
    list: (app) => app.server.plugins.admin.api.allNavigation(),
    columns: [
      { header: 'ID', align: 'right', cell: (n) => n.id },
      { header: 'CODE', cell: (n) => n.code },
      { header: 'NAME', cell: (n) => n.name },
      { header: 'PATH', cell: (n) => n.path },
      { header: 'ORDER', align: 'right', cell: (n) => n.menuOrder },
      { header: 'AUDIENCE', cell: (n) => n.audience },
    ],
    add,
    example: '  vessel-link navigation list\n  vessel-link navigation add --code REPORTS --name Reports --path /reports --audience admin',
  });
}
