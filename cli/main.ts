/**
 * vessel-link: the operator's command line. One command builder per noun, attached below;
 * each works on the configured database (DATABASE_URL) without a server listening.
 */
import { readFileSync } from 'node:fs';
import { Command } from 'commander';
import { alertsCommand } from './commands/alerts.js';
import { auditCommand } from './commands/audit.js';
import { productsCommand, subscriptionsCommand, vouchersCommand } from './commands/billing.js';
import { backupCommand, restoreCommand } from './commands/backup.js';
import { bridgesCommand } from './commands/bridges.js';
import { companiesCommand, documentCategoriesCommand, languagesCommand, navigationCommand, vesselModelsCommand } from './commands/catalogue.js';
import { doctorCommand } from './commands/doctor.js';
import { errorReportsCommand } from './commands/error-reports.js';
import { exportCommand, importCommand } from './commands/transfer.js';
import { mailCommand } from './commands/mail.js';
import { migrateCommand } from './commands/migrate.js';
import { servicesCommand } from './commands/services.js';
import { usersCommand } from './commands/users.js';
import { orgCommand } from './commands/org.js';
import { vesselsCommand } from './commands/vessels.js';
import { EXIT_OK, reportError } from './errors.js';

const { version } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string };

function buildProgram(): Command {
  const program = new Command('vessel-link')
    .description(
      'Operate a Vessel Link installation: database, users, companies, vessel models, billing, mail outbox, audit trail and logs, error reports, bridges and rollouts, vessels, services due, catalogue, import and export, backup and restore, doctor.\nConfigured by the same environment as the server (DATABASE_URL, DATA_DIR, SMTP_URL, ...).',
    )
    // Program flags only before the command: `bridges create --version` is the bridge's version.
    .enablePositionalOptions()
    .version(version)
    .option('--verbose', 'write server diagnostics (at LOG_LEVEL) to stderr')
    .addCommand(migrateCommand())
    .addCommand(usersCommand())
    .addCommand(mailCommand())
    .addCommand(auditCommand())
    .addCommand(bridgesCommand())
    .addCommand(vesselsCommand())
    .addCommand(orgCommand())
    .addCommand(alertsCommand())
    .addCommand(servicesCommand())
    .addCommand(companiesCommand())
    .addCommand(vesselModelsCommand())
    .addCommand(productsCommand())
    .addCommand(vouchersCommand())
    .addCommand(subscriptionsCommand())
    .addCommand(auditCommand('logs'))
    .addCommand(errorReportsCommand())
    .addCommand(documentCategoriesCommand())
    .addCommand(navigationCommand())
    .addCommand(languagesCommand())
    .addCommand(importCommand())
    .addCommand(exportCommand())
    .addCommand(backupCommand())
    .addCommand(restoreCommand())
    .addCommand(doctorCommand());
  throwInsteadOfExit(program);
  return program;
}

/** addCommand does not pass settings down, so each command is told to throw, not exit. */
function throwInsteadOfExit(command: Command): void {
  command.exitOverride();
  for (const sub of command.commands) throwInsteadOfExit(sub);
}

process.exitCode = await buildProgram()
  .parseAsync(process.argv)
  .then(() => EXIT_OK, reportError);
