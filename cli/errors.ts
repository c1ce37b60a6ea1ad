/**
 * Exit codes and the one-line error report. A Boom from a module api is an operation that
 * failed (1); a flag that does not make sense is a usage error (2). Never a stack trace.
 */
import Boom from '@hapi/boom';
import { CommanderError } from 'commander';

export const EXIT_OK = 0;
export const EXIT_FAILED = 1;
export const EXIT_USAGE = 2;

/** A flag or argument that cannot be used; reported before anything is changed. */
export class UsageError extends Error {}

/** Writes the error to stderr and answers the exit code. */
export function reportError(err: unknown): number {
  if (err instanceof CommanderError) {
    // Commander has already written its message (or the help text) to stderr.
    return err.exitCode === 0 ? EXIT_OK : EXIT_USAGE;
  }
  if (err instanceof UsageError) {
    process.stderr.write(`error: ${err.message}\n`);
    return EXIT_USAGE;
  }
  if (Boom.isBoom(err)) {
    process.stderr.write(`error: ${err.message}\n`);
    return EXIT_FAILED;
  }
  // Configuration, database and other failures: their message, first line only.
  const message = err instanceof Error ? err.message : String(err);
  process.stderr.write(`error: ${message.split('\n')[0]}\n`);
  return EXIT_FAILED;
}
