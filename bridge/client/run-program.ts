/**
 * The end of a command-line program (the simulator, the bridge agent): its exit code, a usage
 * mistake as one line and exit code 2 (commander has printed its own already), any other failure
 * as one line and exit code 1.
 */
import { CommanderError } from 'commander';
import { UsageError } from './usage-error';

export function runProgram(main: () => Promise<number>): void {
  main().then(
    (code) => process.exit(code),
    (error: Error) => {
      if (error instanceof CommanderError) process.exit(error.exitCode === 0 ? 0 : 2);
      process.stderr.write(`error: ${error.message}\n`);
      process.exit(error instanceof UsageError ? 2 : 1);
    },
  );
}
