/**
 * Billing with the API's names: `products`, `vouchers`, `subscriptions`, through the billing
 * service the admin routes use (and the admin module's subscription states).
 */
import { Command, InvalidArgumentError, Option } from 'commander';
import { subscriptionStates, type SubscriptionState } from '../../src/modules/admin/api.js';
import type { BillingService, ProductInput } from '../../src/modules/billing/api.js';
import { audited, openOptions, withApp, type App } from '../app.js';
import { parseId, parseInteger, parseText, withJson, withPaging, type OutputOptions, type PageOptions } from '../options.js';
import { morePagesNote, present } from '../output.js';
import { tableOf } from '../table.js';
import { pageFooter, shortDate } from '../ui/view.js';

const billingOf = (app: App) => app.server.plugins.billing.api;

const examples = (command: Command, text: string): Command => command.addHelpText('after', `\nExamples:\n${text}`);

const parseMoney = (value: string): number => {
  if (!/^\d+(\.\d{1,2})?$/.test(value)) throw new InvalidArgumentError('A price like 49 or 49.99.');
  return Math.round(Number(value) * 100);
};
const parseCurrency = (value: string): string => {
  if (!/^[A-Za-z]{3}$/.test(value)) throw new InvalidArgumentError('A three-letter currency code, e.g. GBP.');
  return value.toUpperCase();
};
const parseDate = (value: string): string => {
  if (!/^\d{4}-\d{2}-\d{2}/.test(value) || Number.isNaN(Date.parse(value))) throw new InvalidArgumentError('A date like 2026-12-31.');
  return new Date(value).toISOString();
};

type Product = Awaited<ReturnType<BillingService['products']>>[number];

const productTable = (rows: Product[], footer: string) =>
  tableOf(
    rows,
    [
      { header: 'ID', align: 'right', cell: (p) => p.id },
      { header: 'CODE', cell: (p) => p.code },
      { header: 'NAME', cell: (p) => p.name },
      { header: 'PRICE', align: 'right', cell: (p) => `${(p.pricePence / 100).toFixed(2)} ${p.currency}` },
      { header: 'TERM', align: 'right', cell: (p) => `${p.termMonths} mo` },
      { header: 'ACTIVE', cell: (p) => p.active },
    ],
    footer,
    'No products.',
  );

const productFlags = (command: Command, required: boolean): Command =>
  command
    .addOption(new Option('--code <code>', 'unique product code').argParser(parseText(50)).makeOptionMandatory(required))
    .addOption(new Option('--name <name>', 'product name').argParser(parseText(200)).makeOptionMandatory(required))
    .addOption(new Option('--price <amount>', 'price, e.g. 49.99').argParser(parseMoney).makeOptionMandatory(required))
    .option('--currency <code>', 'ISO currency code (GBP when new)', parseCurrency)
    .option('--term <months>', 'term in months (12 when new)', parseInteger(1, 120))
    .option('--description <text>', 'description', parseText(1000))
    .addOption(new Option('--inactive', 'not offered any more').conflicts('active'))
    .addOption(new Option('--active', 'offered again'));

type ProductFlags = {
  code?: string;
  name?: string;
  price?: number;
  currency?: string;
  term?: number;
  description?: string;
  active?: boolean;
  inactive?: boolean;
};

const productInput = (o: ProductFlags): Partial<ProductInput> => ({
  ...(o.code !== undefined ? { code: o.code } : {}),
  ...(o.name !== undefined ? { name: o.name } : {}),
  ...(o.price !== undefined ? { pricePence: o.price } : {}),
  ...(o.currency !== undefined ? { currency: o.currency } : {}),
  ...(o.term !== undefined ? { termMonths: o.term } : {}),
  ...(o.description !== undefined ? { description: o.description } : {}),
  ...(o.inactive ? { active: false } : o.active ? { active: true } : {}),
});

export function productsCommand(): Command {
  const list = withJson(new Command('list'))
    .description('List every product')
    .action(async (options: OutputOptions, command: Command) => {
      const products = await withApp(openOptions(command), (app) => billingOf(app).products());
      await present(options, products, productTable(products, `${products.length} product(s)`));
    });
  const create = productFlags(withJson(new Command('create')), true)
    .description('Create a product')
    .action(async (options: OutputOptions & ProductFlags, command: Command) => {
      const input = { description: '', currency: 'GBP', termMonths: 12, active: true, ...productInput(options) } as ProductInput;
      const product = await withApp(openOptions(command), (app) =>
        audited(
          app,
          'products create',
          { type: 'product' },
          () => billingOf(app).createProduct(input),
          (p) => p.id,
        ),
      );
      await present(options, product, productTable([product], 'created'));
    });
  const edit = productFlags(withJson(new Command('edit')), false)
    .description('Edit a product (subscriptions already sold keep their end dates)')
    .argument('<id>', 'product id', parseId)
    .action(async (id: number, options: OutputOptions & ProductFlags, command: Command) => {
      const input = productInput(options);
      if (!Object.keys(input).length) throw new InvalidArgumentError('Nothing to change.');
      const product = await withApp(openOptions(command), (app) =>
        audited(app, 'products edit', { type: 'product', id }, () => billingOf(app).updateProduct(id, input)),
      );
      await present(options, product, productTable([product], 'updated'));
    });
  return examples(
    new Command('products').description('Products: price, currency, term').addCommand(list).addCommand(create).addCommand(edit),
    `  vessel-link products list --json
  vessel-link products create --code SAT --name "Satellite link" --price 19.99 --currency EUR --term 6
  vessel-link products edit 3 --price 24.99 --inactive`,
  );
}

type VoucherView = Awaited<ReturnType<BillingService['vouchers']>>[number];

const voucherTable = (rows: VoucherView[], footer: string) =>
  tableOf(
    rows,
    [
      { header: 'ID', align: 'right', cell: (v) => v.id },
      { header: 'CODE', cell: (v) => v.code },
      { header: 'PRODUCTS', cell: (v) => v.productIds.join(',') },
      { header: 'MONTHS', align: 'right', cell: (v) => v.months },
      { header: 'USED', align: 'right', cell: (v) => `${v.usedCount}/${v.maxUses}` },
      { header: 'EXPIRES', cell: (v) => shortDate(v.expiresAt) },
      { header: 'CREATED', cell: (v) => shortDate(v.createdAt) },
    ],
    footer,
    'No vouchers match.',
  );

export function vouchersCommand(): Command {
  const list = withPaging(withJson(new Command('list')))
    .description('List vouchers, newest first (codes masked: see show-code)')
    .addOption(new Option('--state <state>', 'only these vouchers').choices(['active', 'usedUp', 'expired']))
    .option('--product <id>', 'only vouchers for this product', parseId)
    .action(async (options: OutputOptions & PageOptions & { state?: 'active' | 'usedUp' | 'expired'; product?: number }, command: Command) => {
      const page = await withApp(openOptions(command), (app) =>
        billingOf(app).pageVouchers({ page: options.page, size: options.size, filter: { state: options.state, productId: options.product } }),
      );
      morePagesNote(options.json, 'vouchers', options.page, options.size, page.content.length, page.totalElements);
      await present(
        options,
        page.content,
        voucherTable(page.content, pageFooter('vouchers', options.page, options.size, page.content.length, page.totalElements)),
      );
    });
  const create = withJson(new Command('create'))
    .description('Create a voucher; its full code is shown this once')
    .requiredOption('--product <ids...>', 'product id(s) it subscribes to', (v: string, prev: number[] = []) => [...prev, parseId(v)])
    .requiredOption('--months <n>', 'how long a redemption subscribes, in months', parseInteger(1, 60))
    .option('--uses <n>', 'how many vessels may redeem it (count)', parseInteger(1, 100_000), 1)
    .option('--expires <date>', 'last day it can be redeemed, e.g. 2026-12-31', parseDate)
    .action(async (options: OutputOptions & { product: number[]; months: number; uses: number; expires?: string }, command: Command) => {
      const voucher = await withApp(openOptions(command), (app) =>
        audited(
          app,
          'vouchers create',
          { type: 'voucher' },
          () => billingOf(app).createVoucher(null, { productIds: options.product, months: options.months, maxUses: options.uses, expiresAt: options.expires }),
          (v) => v.id,
        ),
      );
      await present(options, voucher, voucherTable([voucher], 'created: the code is shown in full only now and with show-code'));
    });
  const showCode = withJson(new Command('show-code'))
    .description('A voucher with its full code')
    .argument('<id>', 'voucher id', parseId)
    .action(async (id: number, options: OutputOptions, command: Command) => {
      const voucher = await withApp(openOptions(command), (app) =>
        audited(app, 'vouchers show-code', { type: 'voucher', id }, () => billingOf(app).voucherWithCode(id)),
      );
      await present(options, voucher, voucherTable([voucher], ''));
    });
  const redemptions = withJson(new Command('redemptions'))
    .description('Which vessels redeemed a voucher, and when')
    .argument('<id>', 'voucher id', parseId)
    .action(async (id: number, options: OutputOptions, command: Command) => {
      const result = await withApp(openOptions(command), (app) => billingOf(app).redemptions(id));
      await present(
        options,
        result,
        tableOf(
          result.redemptions,
          [
            { header: 'VESSEL', cell: (r) => `#${r.vesselId} ${r.vesselName ?? ''}`.trim() },
            { header: 'REDEEMED', cell: (r) => shortDate(r.redeemedAt) },
            { header: 'VALID UNTIL', cell: (r) => shortDate(r.validUntil) },
          ],
          `${result.redemptions.length} of ${result.voucher.maxUses} use(s)`,
          'Not redeemed yet.',
        ),
      );
    });
  return examples(
    new Command('vouchers').description('Subscription vouchers').addCommand(list).addCommand(create).addCommand(showCode).addCommand(redemptions),
    `  vessel-link vouchers create --product 1 --months 12 --uses 50 --expires 2026-12-31
  vessel-link vouchers list --state active --json
  vessel-link vouchers redemptions 4`,
  );
}

const STATES: SubscriptionState[] = ['valid', 'expiring', 'expired', 'none'];

export function subscriptionsCommand(): Command {
  const list = withJson(new Command('list'))
    .description("Every vessel's subscription state, soonest ending first")
    .addOption(new Option('--state <state...>', 'only these states').choices(STATES))
    .option('--within-days <n>', '"expiring" means ending within n days (default: before the end of this month)', parseInteger(1, 366))
    .option('--search <text>', 'vessel name contains the text', parseText(200))
    .action(async (options: OutputOptions & { state?: SubscriptionState[]; withinDays?: number; search?: string }, command: Command) => {
      const rows = await withApp(openOptions(command), (app) =>
        subscriptionStates(app.db, { state: options.state, expiringWithinDays: options.withinDays, q: options.search }, Date.now()),
      );
      rows.sort((a, b) => (a.validUntil ?? '9999').localeCompare(b.validUntil ?? '9999') || a.vesselId - b.vesselId);
      await present(
        options,
        rows,
        tableOf(
          rows,
          [
            { header: 'VESSEL', cell: (s) => `#${s.vesselId} ${s.vesselName}` },
            { header: 'STATE', cell: (s) => s.state, tone: (c) => (c === 'valid' ? 'green' : c === 'expiring' ? 'yellow' : c === 'expired' ? 'red' : 'gray') },
            { header: 'VALID UNTIL', cell: (s) => shortDate(s.validUntil) },
            { header: 'DAYS LEFT', align: 'right', cell: (s) => s.daysLeft },
            { header: 'PRODUCTS', cell: (s) => s.productIds.join(',') },
          ],
          `${rows.length} vessel(s)`,
          'No vessels match.',
        ),
      );
    });
  return examples(
    new Command('subscriptions').description("Vessels' subscriptions").addCommand(list),
    `  vessel-link subscriptions list --state expiring
  vessel-link subscriptions list --state expiring --within-days 30 --json
  vessel-link subscriptions list --state expired --state none`,
  );
}
