/** A mistake in the command line: main.ts prints its message on one line and exits with code 2. */
export class UsageError extends Error {}
