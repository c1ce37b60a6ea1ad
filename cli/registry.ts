/**
 * Every top-level command of `vessel-link`, with what the top-level help says of it and how to
 * load it. cli/main.ts loads only the one named on the command line; the rest stand as
 * placeholders, so `--version` and `--help` need commander alone.
 */
import type { Command } from 'commander';

export interface CommandEntry {
  name: string;
  /** How the top-level help names it: `import [options] <file>`. */
  term: string;
  description: string;
  load: () => Promise<Command>;
}

export const COMMANDS: CommandEntry[] = [
  {
    name: 'migrate',
    term: 'migrate [options]',
    description: 'Apply pending database migrations and add missing reference data',
    load: async () => (await import('./commands/migrate.js')).migrateCommand(),
  },
  {
    name: 'users',
    term: 'users',
    description: 'Accounts: list, create, invite, administrator role, suspension',
    load: async () => (await import('./commands/users.js')).usersCommand(),
  },
  { name: 'mail', term: 'mail', description: 'The mail outbox', load: async () => (await import('./commands/mail.js')).mailCommand() },
  { name: 'audit', term: 'audit', description: 'The audit trail', load: async () => (await import('./commands/audit.js')).auditCommand() },
  {
    name: 'bridges',
    term: 'bridges',
    description: 'Bridges (reporting clients): list, provisioning, deletion, pairing codes, staged software updates',
    load: async () => (await import('./commands/bridges.js')).bridgesCommand(),
  },
  {
    name: 'vessels',
    term: 'vessels',
    description: 'Vessels: list and details (read only)',
    load: async () => (await import('./commands/vessels.js')).vesselsCommand(),
  },
  {
    name: 'org',
    term: 'org',
    description: 'Organisations: company access to vessels (read only)',
    load: async () => (await import('./commands/org.js')).orgCommand(),
  },
  {
    name: 'alerts',
    term: 'alerts',
    description: 'Vessel alerts: the active ones, and acknowledging one',
    load: async () => (await import('./commands/alerts.js')).alertsCommand(),
  },
  {
    name: 'services',
    term: 'services',
    description: 'Service schedules of vessels',
    load: async () => (await import('./commands/services.js')).servicesCommand(),
  },
  {
    name: 'companies',
    term: 'companies',
    description: 'Dealers, manufacturers and contractors',
    load: async () => (await import('./commands/catalogue.js')).companiesCommand(),
  },
  {
    name: 'vessel-models',
    term: 'vessel-models',
    description: 'Vessel models of the manufacturers',
    load: async () => (await import('./commands/catalogue.js')).vesselModelsCommand(),
  },
  {
    name: 'products',
    term: 'products',
    description: 'Products: price, currency, term',
    load: async () => (await import('./commands/billing.js')).productsCommand(),
  },
  { name: 'vouchers', term: 'vouchers', description: 'Subscription vouchers', load: async () => (await import('./commands/billing.js')).vouchersCommand() },
  {
    name: 'overview',
    term: 'overview',
    description: "The platform at a glance: the admin console's overview numbers",
    load: async () => (await import('./commands/overview.js')).overviewCommand(),
  },
  {
    name: 'subscriptions',
    term: 'subscriptions',
    description: "Vessels' subscriptions",
    load: async () => (await import('./commands/billing.js')).subscriptionsCommand(),
  },
  {
    name: 'logs',
    term: 'logs',
    description: 'The system logs: the audit trail of API calls and CLI actions',
    load: async () => (await import('./commands/audit.js')).auditCommand('logs'),
  },
  {
    name: 'error-reports',
    term: 'error-reports',
    description: 'Error reports sent by the web app (utility/error)',
    load: async () => (await import('./commands/error-reports.js')).errorReportsCommand(),
  },
  {
    name: 'document-categories',
    term: 'document-categories',
    description: 'Document categories',
    load: async () => (await import('./commands/catalogue.js')).documentCategoriesCommand(),
  },
  {
    name: 'navigation',
    term: 'navigation',
    description: 'Navigation components (the menu)',
    load: async () => (await import('./commands/catalogue.js')).navigationCommand(),
  },
  {
    name: 'languages',
    term: 'languages',
    description: 'Languages users can choose',
    load: async () => (await import('./commands/catalogue.js')).languagesCommand(),
  },
  {
    name: 'import',
    term: 'import [options] <file>',
    description: 'Import users from a CSV file: rows with a password are created active, the others invited by e-mail',
    load: async () => (await import('./commands/transfer.js')).importCommand(),
  },
  {
    name: 'export',
    term: 'export [options] <list>',
    description: 'Print every row of an admin list as CSV or JSON',
    load: async () => (await import('./commands/transfer.js')).exportCommand(),
  },
  {
    name: 'backup',
    term: 'backup [options] <file>',
    description: 'Take a consistent backup of the database and the data directory into FILE (a tar archive), while the server runs',
    load: async () => (await import('./commands/backup.js')).backupCommand(),
  },
  {
    name: 'restore',
    term: 'restore [options] <file>',
    description: 'Restore a backup into an empty place (DATABASE_URL and DATA_DIR must not hold a database yet); refuses a running server',
    load: async () => (await import('./commands/backup.js')).restoreCommand(),
  },
  {
    name: 'doctor',
    term: 'doctor [options]',
    description: 'Check the configuration, database, ports, SMTP server and disk space; exits 1 when a check fails',
    load: async () => (await import('./commands/doctor.js')).doctorCommand(),
  },
];
