/**
 * Exit codes and the one-line error report. A Boom from a module api is an operation that
 * failed (1); a flag that does not make sense is a usage error (2). Never a stack trace.
 */
import type { Boom } from '@hapi/boom';
import { CommanderError } from 'commander';

export const EXIT_OK = 0;
export const EXIT_FAILED = 1;
export const EXIT_USAGE = 2;

/** A flag or argument that cannot be used; reported before anything is changed. */
export class UsageError extends Error {}

let resultWritten = false;

/**
 * Said by output.ts once a command has written its JSON result: a command that reports its
 * result and then fails (doctor with a failed check, import with bad rows) has already given
 * scripts their one JSON document, so its failure goes to stderr and the exit code only.
 */
export const jsonResultWritten = (): void => void (resultWritten = true);

/** Whether the command line asks for JSON output: then a failure is JSON on stdout too. */
export const wantsJson = (args: string[]): boolean => args.includes('--json');

/** The failure as scripts read it with --json: one object on stdout, the same words as stderr. */
export interface JsonFailure {
  ok: false;
  /** `usage` for exit code 2; the HTTP-style reason (`not_found`, `conflict`, ...) or `failed` for 1. */
  code: string;
  message: string;
}

const reasonCode = (reason: string): string => reason.toLowerCase().replace(/[^a-z]+/g, '_');

/** Boom.isBoom without loading Boom: this file is on the path of `--version`, which loads commander alone. */
const isBoom = (err: unknown): err is Boom => err instanceof Error && (err as Partial<Boom>).isBoom === true;

/** The exit code, the stable code and the one-line message of a failure; null for --help and --version. */
function describe(err: unknown): { exit: number; code: string; message: string; written: boolean } | null {
  if (err instanceof CommanderError) {
    // Commander has already written its message (or the help text) to stderr.
    if (err.exitCode === 0) return null;
    return { exit: EXIT_USAGE, code: 'usage', message: err.message.replace(/^error: /, ''), written: true };
  }
  if (err instanceof UsageError) return { exit: EXIT_USAGE, code: 'usage', message: err.message, written: false };
  if (isBoom(err)) {
    // 418 is the API's "a business rule refused it" (src/platform/errors.ts, ruleRefused): its reason phrase says nothing to a script.
    const code = err.output.statusCode === 418 ? 'refused' : reasonCode(err.output.payload.error);
    return { exit: EXIT_FAILED, code, message: err.message, written: false };
  }
  // Configuration, database and other failures: their message, first line only.
  const message = err instanceof Error ? err.message : String(err);
  return { exit: EXIT_FAILED, code: 'failed', message: message.split('\n')[0], written: false };
}

/**
 * Writes the error to stderr (one line) and, with --json, as one JSON object on stdout unless the
 * command already printed its result there, so a script never parses an empty stdout; answers
 * the exit code.
 */
export function reportError(err: unknown, json = false): number {
  const failure = describe(err);
  if (!failure) return EXIT_OK;
  if (!failure.written) process.stderr.write(`error: ${failure.message}\n`);
  if (json && !resultWritten) {
    const body: JsonFailure = { ok: false, code: failure.code, message: failure.message };
    process.stdout.write(JSON.stringify(body) + '\n');
  }
  return failure.exit;
}
