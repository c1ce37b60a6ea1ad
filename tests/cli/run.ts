/**
 * Runs the real `vessel-link` executable as a child process against a database of its own,
 * as an operator would: environment in, stdout / stderr / exit code out.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createTestDatabase, type TestDatabase, type TestDialect } from '../helpers/db.js';

/** Each CLI run is a new process that boots the server in it: seconds each on a busy machine. */
export const CLI_TESTS = { timeout: 120_000 };

const BIN = resolve(import.meta.dirname, '../../cli/bin.js');

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
  /** stdout parsed as JSON (throws, naming the output, when it is not JSON). */
  json<T = any>(): T;
}

export interface Cli {
  run(args: string[], options?: { stdin?: string; env?: NodeJS.ProcessEnv }): Promise<CliResult>;
  database: TestDatabase;
  close(): Promise<void>;
}

/** A CLI bound to a new, empty database (no migrations: the CLI sets it up). */
export async function createCli(dialect: TestDialect = 'sqlite'): Promise<Cli> {
  const database = await createTestDatabase(dialect, false);
  const dataDir = mkdtempSync(join(tmpdir(), 'vessel-link-cli-'));
  const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'production', DATABASE_URL: database.url, DATA_DIR: dataDir };
  delete env.SMTP_URL;
  return {
    database,
    run: (args, options = {}) =>
      new Promise((done, fail) => {
        const child = spawn(process.execPath, [BIN, ...args], { env: { ...env, ...options.env }, stdio: ['pipe', 'pipe', 'pipe'] });
        let stdout = '';
        let stderr = '';
        child.stdout.on('data', (chunk) => (stdout += chunk));
        child.stderr.on('data', (chunk) => (stderr += chunk));
        child.on('error', fail);
        child.on('close', (code) =>
          done({
            code,
            stdout,
            stderr,
            json() {
              try {
                return JSON.parse(stdout);
              } catch {
                throw new Error(`vessel-link ${args.join(' ')} printed no JSON.\nstdout: ${stdout}\nstderr: ${stderr}`);
              }
            },
          }),
        );
        child.stdin.end(options.stdin ?? '');
      }),
    async close() {
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
