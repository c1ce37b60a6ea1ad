/**
 * A fresh server on a fresh database for each test file, driven with `server.inject` (no port).
 * `listen: true` also starts HTTP and MQTT on free ports, for tests with real clients.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Server, ServerInjectOptions } from '@hapi/hapi';
import { loadConfig, type Config } from '../../src/config.js';
import { createServer } from '../../src/server.js';
import type { Logger } from '../../src/platform/logger.js';
import { DEMO_PASSWORD, loadDemoData } from '../../fixtures/demo.js';
import { seedReferenceData } from '../../fixtures/reference.js';
import { createTestDatabase, type TestDatabase, type TestDialect } from './db.js';

export { DEMO_PASSWORD };

export interface TestServer {
  server: Server;
  database: TestDatabase;
  config: Config;
  /** Signs in and answers the session key. */
  login(email: string, password?: string): Promise<string>;
  /** `url` with a link key of the session `token` for its path added to its query (POST auth/linkKeys). */
  link(token: string, url: string): Promise<string>;
  /** Injects a request with an optional session key; answers status and parsed body. */
  call<T = any>(
    method: string,
    url: string,
    options?: { token?: string; payload?: unknown; headers?: Record<string, string>; remoteAddress?: string },
  ): Promise<{ status: number; body: T; headers: Record<string, unknown> }>;
  /**
   * The test changed grants, pairings or sessions straight in the database, behind the server's back
   * (as the admin CLI does): the server drops what it keeps of them, as after a change it announces.
   */
  changedBehindTheServersBack(): void;
  close(): Promise<void>;
}

export interface TestServerOptions {
  demo?: boolean;
  listen?: boolean;
  dialect?: TestDialect;
  env?: Record<string, string>;
  /** The server's logger, for a test that reads what the server logged. */
  log?: Logger;
}

/** The configuration of a test server on `databaseUrl`: free ports, loopback, its own data directory, no demo data. */
export function testConfig(databaseUrl: string, env: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    PORT: '0',
    MQTT_PORT: '0',
    HOST: '127.0.0.1',
    DATABASE_URL: databaseUrl,
    DATA_DIR: mkdtempSync(join(tmpdir(), 'vessel-link-data-')),
    SESSION_SECRET: 'test-secret-test-secret-test-secret-0123456789',
    DEMO: 'off',
    ...env,
  });
}

export async function createTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const database = await createTestDatabase(options.dialect);
  await database.db.transaction(seedReferenceData);
  if (options.demo) await loadDemoData(database.db);
  const config = testConfig(database.url, options.env);
  const server = await createServer(config, { db: database.db, ...(options.log ? { log: options.log } : {}) });
  if (options.listen) await server.start();
  else await server.initialize();

  const call: TestServer['call'] = async (method, url, opts = {}) => {
    const inject: ServerInjectOptions = { method, url, headers: { ...opts.headers } };
    if (opts.token) inject.headers = { ...inject.headers, authorization: `Bearer ${opts.token}` };
    if (opts.payload !== undefined) inject.payload = opts.payload as object;
    if (opts.remoteAddress) inject.remoteAddress = opts.remoteAddress;
    const res = await server.inject(inject);
    let body: any = res.payload;
    try {
      body = JSON.parse(res.payload);
    } catch {
      // not JSON: keep the text
    }
    return { status: res.statusCode, body, headers: res.headers };
  };

  return {
    server,
    database,
    config,
    call,
    async login(email, password = DEMO_PASSWORD) {
      const res = await call('POST', '/api/auth/login', { payload: { username: email, password } });
      if (res.status !== 200) throw new Error(`login of ${email} failed: ${res.status} ${JSON.stringify(res.body)}`);
      return res.body.data.token as string;
    },
    async link(token, url) {
      const [path, query] = url.split('?');
      const res = await call('POST', '/api/auth/linkKeys', { token, payload: { path } });
      if (res.status !== 200) throw new Error(`no link key for ${path}: ${res.status} ${JSON.stringify(res.body)}`);
      const search = new URLSearchParams(query);
      search.set('linkKey', res.body.data.linkKey);
      return `${path}?${search}`;
    },
    changedBehindTheServersBack() {
      server.app.ctx.events.emit('access.changed', {});
      server.app.ctx.events.emit('user.sessions', { userId: 0 });
    },
    async close() {
      await server.stop({ timeout: 2000 });
      await database.drop();
    },
  };
}
