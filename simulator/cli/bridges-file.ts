/** Reading who the simulated bridges are: a `--bridges` JSON file, or secrets from `--secret-file`. */
import { readFile } from 'node:fs/promises';
import type { FleetMember } from '../fleet';
import { PROFILE_NAMES } from '../profiles';
import { UsageError } from './usage-error';

/** `-` reads standard input, so secrets need not sit in a file or on a command line. */
export async function read(flag: string, file: string): Promise<string> {
  try {
    if (file === '-') return await text(process.stdin);
    return await readFile(file, 'utf8');
  } catch (error) {
    throw new UsageError(`Cannot read ${flag} ${file}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
  }
}

async function text(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks).toString('utf8');
}

/** One secret for all bridges, or one per bridge (a line each). */
export async function readSecrets(file: string, count: number): Promise<string[]> {
  const secrets = (await read('--secret-file', file))
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line.length > 0);
  if (secrets.length === 0) throw new UsageError(`--secret-file ${file} is empty`);
  if (secrets.length > 1 && secrets.length < count) throw new UsageError(`--secret-file ${file} has ${secrets.length} secrets for ${count} bridges`);
  return secrets;
}

export async function readBridgesFile(file: string): Promise<FleetMember[]> {
  let json: unknown;
  try {
    json = JSON.parse(await read('--bridges', file));
  } catch (error) {
    if (error instanceof UsageError) throw error;
    throw new UsageError(`--bridges ${file} is not valid JSON`);
  }
  if (!Array.isArray(json) || json.length === 0) throw new UsageError(`--bridges ${file} must be a non-empty JSON array of {"serial", "secret"}`);
  const seen = new Set<string>();
  return json.map((entry: unknown, index): FleetMember => {
    const { serial, secret, profile } = (entry ?? {}) as Record<string, unknown>;
    const where = `--bridges ${file} entry ${index}`;
    if (typeof serial !== 'string' || !/^[^/+#\s]{1,128}$/.test(serial))
      throw new UsageError(`${where}: "serial" must be 1-128 characters without spaces, "/", "+" or "#"`);
    if (typeof secret !== 'string' || secret.length === 0) throw new UsageError(`${where}: "secret" must be a non-empty string`);
    if (profile !== undefined && (typeof profile !== 'string' || !PROFILE_NAMES.includes(profile)))
      throw new UsageError(`${where}: "profile" must be one of ${PROFILE_NAMES.join(', ')}`);
    if (seen.has(serial)) throw new UsageError(`${where}: serial ${serial} appears twice`);
    seen.add(serial);
    return { serial, secret, profile: profile as string | undefined };
  });
}
