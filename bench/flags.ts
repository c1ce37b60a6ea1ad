/**
 * The command line of a benchmark: `--name value` flags with defaults and `--help`; a wrong flag
 * or a number out of bounds ends the run with one line and the usage, exit code 2.
 */
import { parseArgs } from 'node:util';

export interface BenchFlags<K extends string> {
  /** A flag's text (its default when not given; undefined when it has none). */
  text(name: K): string | undefined;
  /** A flag that must be a whole number within bounds. */
  whole(name: K, min: number, max: number): number;
}

export function readFlags<K extends string>(usage: string, defaults: Record<K, string | undefined>): BenchFlags<K> {
  const fail = (message: string): never => {
    console.error(`${message}\n${usage}`);
    process.exit(2);
  };
  const options = Object.fromEntries(
    Object.entries(defaults).map(([name, value]) => [
      name,
      value === undefined ? { type: 'string' as const } : { type: 'string' as const, default: value as string },
    ]),
  );
  let values: Record<string, string | boolean | undefined> = {};
  try {
    values = parseArgs({ options: { ...options, help: { type: 'boolean', default: false } } }).values;
  } catch (err) {
    fail((err as Error).message);
  }
  if (values.help) {
    console.log(usage);
    process.exit(0);
  }
  const text = (name: K) => values[name] as string | undefined;
  const whole = (name: K, min: number, max: number) => {
    const given = text(name) ?? '';
    const value = Number(given);
    if (!/^\d+$/.test(given) || value < min || value > max) fail(`--${name} must be a whole number from ${min} to ${max}`);
    return value;
  };
  return { text, whole };
}
