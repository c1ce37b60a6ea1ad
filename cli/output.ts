/**
 * Where a command's result goes: JSON alone with --json, Ink on a terminal, plain aligned text
 * otherwise. Commands compute their data first and hand it over here. Ink is loaded only for
 * a terminal: it takes about a second to load, which pipes and --json need not wait for.
 */
import { jsonResultWritten } from './errors.js';
import type { OutputOptions } from './options.js';
import { formatPlain } from './ui/plain.js';
import type { View } from './ui/view.js';

const interactive = (options: OutputOptions) => !options.json && process.stdout.isTTY === true;

export async function present(options: OutputOptions, data: unknown, view: View): Promise<void> {
  if (options.json) {
    process.stdout.write(JSON.stringify(data, null, 2) + '\n');
    jsonResultWritten();
    return;
  }
  if (interactive(options)) {
    const { draw } = await import('./ui/terminal.js');
    await draw(view);
    return;
  }
  const text = formatPlain(view);
  process.stdout.write(text.stdout);
  process.stderr.write(text.stderr);
}

/** A note for the operator, never data: stderr. */
export const note = (message: string): void => void process.stderr.write(message + '\n');

export interface ProgressReporter {
  step(current: string): void;
  /** Moves the bar to `done` (of the total), for work measured rather than counted. */
  set(done: number, current: string): void;
  finish(): Promise<void>;
}

/** A live progress bar on a terminal; nothing for --json and pipes, whose output is the result. */
export async function progress(options: OutputOptions, title: string, total: number): Promise<ProgressReporter> {
  if (!interactive(options) || total === 0) return { step() {}, set() {}, async finish() {} };
  const { drawProgress } = await import('./ui/terminal.js');
  return drawProgress(title, total);
}

/**
 * With --json a page prints as a plain array (what scripts want); whether more pages exist is
 * said on stderr, so stdout stays parseable.
 */
export function morePagesNote(json: boolean | undefined, what: string, page: number, size: number, shown: number, total: number): void {
  if (json && page * size + shown < total) note(`${total - page * size - shown} more ${what}: use --page ${page + 1}`);
}
