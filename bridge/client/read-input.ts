/** Reading a flag's file, or standard input for `-`; secrets a line each. Shared by the bridge agent and the simulator. */
import { readFile } from 'node:fs/promises';
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
