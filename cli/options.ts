/**
 * Flag parsers and the shared flags. Parsers throw commander's InvalidArgumentError, which
 * commander reports as one line naming the flag (exit 2). Passwords are checked in the action
 * instead: commander would echo the rejected value.
 */
import { Command, InvalidArgumentError, Option } from 'commander';
import { email as emailSchema, password as passwordSchema } from '../src/modules/auth/api.js';
import { UsageError } from './errors.js';

export interface OutputOptions {
  json?: boolean;
}

export interface PageOptions {
  page: number;
  size: number;
}

export const PAGE_SIZE_MAX = 200;

export function parseEmail(value: string): string {
  const { error, value: email } = emailSchema.validate(value);
  if (error) throw new InvalidArgumentError('Not a valid e-mail address.');
  return email as string;
}

export const parseInteger =
  (min: number, max = Number.MAX_SAFE_INTEGER) =>
  (value: string): number => {
    if (!/^\d+$/.test(value.trim())) throw new InvalidArgumentError('Not a whole number.');
    const n = Number(value);
    if (n < min || n > max) throw new InvalidArgumentError(max === Number.MAX_SAFE_INTEGER ? `Must be at least ${min}.` : `Must be between ${min} and ${max}.`);
    return n;
  };

export const parseId = parseInteger(1);

/** Free text such as a search, at most `max` characters. */
export const parseText =
  (max: number) =>
  (value: string): string => {
    if (value.length > max) throw new InvalidArgumentError(`At most ${max} characters.`);
    return value;
  };

/** A user named by id (digits) or by e-mail address. */
export type UserRef = { id: number } | { email: string };

export function parseUserRef(value: string): UserRef {
  if (/^\d+$/.test(value.trim())) return { id: parseId(value) };
  try {
    return { email: parseEmail(value) };
  } catch {
    throw new InvalidArgumentError('Not a user id or e-mail address.');
  }
}

export function checkPassword(password: string): string {
  const { error } = passwordSchema.validate(password);
  if (error) throw new UsageError(`The password must be 12 to 128 characters long (it has ${password.length}).`);
  return password;
}

/** The whole of stdin, less the one line end that `echo` or a here-string adds. */
export async function readStdin(): Promise<string> {
  if (process.stdin.isTTY) throw new UsageError('--password-stdin reads the password from a pipe, e.g.: printf %s "$PASSWORD" | vessel-link users create ...');
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks)
    .toString('utf8')
    .replace(/\r?\n$/, '');
}

/** `--json`, which every command takes. */
export const withJson = (command: Command): Command => command.option('--json', 'print only JSON on stdout');

/** `--page` (from 0, like the API) and `--size`. */
export const withPaging = (command: Command): Command =>
  command
    .addOption(new Option('--page <n>', 'page number, from 0').argParser(parseInteger(0)).default(0))
    .addOption(new Option('--size <n>', `rows per page, 1 to ${PAGE_SIZE_MAX}`).argParser(parseInteger(1, PAGE_SIZE_MAX)).default(20));
