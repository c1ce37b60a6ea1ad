import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { startRunningServer, startServerProcess } from './helpers/process.js';

describe('the server process', () => {
  it('starts with demo data, answers health and login, and stops cleanly on SIGTERM', async () => {
    const p = await startRunningServer();
    try {
      const health = await fetch(`http://127.0.0.1:${p.port}/api/health`);
      expect(health.status).toBe(200);
      expect(await health.json()).toMatchObject({ ok: true, database: 'up', broker: 'up' });
      const login = await fetch(`http://127.0.0.1:${p.port}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'owner@demo.test', password: 'vessel-link-demo' }),
      });
      expect(await login.json()).toEqual({ ok: true, data: { token: expect.any(String), deviceKey: expect.any(String) } });
      // The browser keeps its device key where no script reads it, for the login route alone.
      expect(login.headers.get('set-cookie')).toMatch(/^vl_device=[\w.~-]+; Max-Age=\d+; Expires=[^;]+; HttpOnly; SameSite=Strict; Path=\/api\/auth$/);
    } finally {
      p.child.kill('SIGTERM');
    }
    expect((await p.exited).code).toBe(0);
    expect(p.stdout()).toContain('"msg":"stopping"');
    expect(p.stdout()).not.toContain('vessel-link-demo');
  }, 120_000);

  it('names the variable to change when the HTTP port is taken, without a stack trace', async () => {
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const taken = (blocker.address() as { port: number }).port;
    try {
      const p = await startServerProcess({ PORT: String(taken) });
      const { code } = await p.exited;
      expect(code).toBe(1);
      expect(p.stderr()).toMatch(new RegExp(`Port ${taken} is already in use\\. Set PORT`));
      expect(p.stderr()).not.toMatch(/\n\s+at /);
    } finally {
      blocker.close();
    }
  }, 120_000);

  it('names MQTT_PORT when the broker port is taken', async () => {
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const taken = (blocker.address() as { port: number }).port;
    try {
      const p = await startServerProcess({ MQTT_PORT: String(taken) });
      const { code } = await p.exited;
      expect(code).toBe(1);
      expect(p.stderr()).toMatch(/Set MQTT_PORT/);
      expect(p.stderr()).not.toMatch(/\n\s+at /);
    } finally {
      blocker.close();
    }
  }, 120_000);

  it('refuses invalid configuration with one clear line', async () => {
    const p = await startServerProcess({ PORT: 'eighty' } as Record<string, string>);
    expect((await p.exited).code).toBe(1);
    expect(p.stderr()).toMatch(/Invalid configuration: "PORT" must be a number/);
  }, 120_000);
});

describe('npm start', () => {
  it('runs the compiled server with the simulated demo bridges beside it, and stops both on SIGTERM', async () => {
    const { spawn } = await import('node:child_process');
    const { mkdtempSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const { freePort } = await import('./helpers/process.js');
    const dataDir = mkdtempSync(join(tmpdir(), 'vessel-link-start-'));
    const port = await freePort();
    const child = spawn(process.execPath, ['scripts/start.mjs'], {
      env: {
        ...process.env,
        NODE_ENV: 'development',
        PORT: String(port),
        MQTT_PORT: String(await freePort()),
        DATA_DIR: dataDir,
        DATABASE_URL: join(dataDir, 'db.sqlite'),
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let err = '';
    child.stderr.on('data', (c: Buffer) => (err += c.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    try {
      const base = `http://127.0.0.1:${port}`;
      let token: string | undefined;
      for (let i = 0; i < 600 && !token; i++) {
        const login = await fetch(`${base}/api/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ username: 'owner@demo.test', password: 'vessel-link-demo' }),
        }).catch(() => null);
        token = login?.ok ? ((await login.json()) as { data: { token: string } }).data.token : undefined;
        if (!token) await new Promise((r) => setTimeout(r, 250));
      }
      expect(token).toBeDefined();
      let online = false;
      for (let i = 0; i < 120 && !online; i++) {
        const fleet = (await (await fetch(`${base}/api/vessel/basic`, { headers: { authorization: `Bearer ${token}` } })).json()) as {
          data: Array<{ name: string; online: boolean }>;
        };
        online = fleet.data.find((v) => v.name === 'Sea Breeze')?.online ?? false;
        if (!online) await new Promise((r) => setTimeout(r, 250));
      }
      expect(online).toBe(true);
      expect(err).toContain('Simulated demo bridges running');
    } finally {
      child.kill('SIGTERM');
    }
    expect(await exited).toBe(0);
  }, 240_000);
});
