/**
 * vessel-link: the operator's command line. One command builder per noun, listed in registry.ts;
 * each works on the configured database (DATABASE_URL) without a server listening.
 *
 * Only the command named on the command line is loaded (its module apis, Knex, Joi, ...):
 * `--version`, `--help` and a usage error load commander alone, so they answer at once. The
 * others stand in the program as placeholders with their name, term and description, which is
 * all the top-level help shows (tests/cli/flags.test.ts checks each placeholder against its
 * command).
 */
import { Command, Help } from 'commander';
import packageJson from '../package.json' with { type: 'json' };
import { EXIT_OK, reportError, wantsJson } from './errors.js';
import { COMMANDS, type CommandEntry } from './registry.js';

const { version } = packageJson;

/** The command the arguments name: the first word after the program's own flags. */
function namedCommand(args: string[]): CommandEntry | undefined {
  const word = args.find((arg) => !arg.startsWith('-'));
  return COMMANDS.find((entry) => entry.name === word);
}

async function buildProgram(args: string[]): Promise<Command> {
  const terms = new Map<Command, string>();
  const program = new Command('vessel-link')
    .description(
      'Operate a Vessel Link installation: database, users, companies, vessel models, billing, mail outbox, audit trail and logs, error reports, bridges and rollouts, vessels, services due, catalogue, import and export, backup and restore, doctor.\nConfigured by the same environment as the server (DATABASE_URL, DATA_DIR, SMTP_URL, ...).',
    )
    // Program flags only before the command: `bridges create --version` is the bridge's version.
    .enablePositionalOptions()
    .version(version)
    .option('--verbose', 'write server diagnostics (at LOG_LEVEL) to stderr')
    .configureHelp({ subcommandTerm: (command) => terms.get(command) ?? new Help().subcommandTerm(command) });
  const named = namedCommand(args);
  for (const entry of COMMANDS) {
    if (entry === named) {
      program.addCommand(await entry.load());
      continue;
    }
    const placeholder = new Command(entry.name).description(entry.description);
    terms.set(placeholder, entry.term);
    program.addCommand(placeholder);
  }
  throwInsteadOfExit(program);
  return program;
}

/** addCommand does not pass settings down, so each command is told to throw, not exit. */
function throwInsteadOfExit(command: Command): void {
  command.exitOverride();
  for (const sub of command.commands) throwInsteadOfExit(sub);
}

const args = process.argv.slice(2);
process.exitCode = await buildProgram(args)
  .then((program) => program.parseAsync(process.argv))
  .then(
    () => EXIT_OK,
    (err: unknown) => reportError(err, wantsJson(args)),
  );
