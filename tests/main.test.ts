import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { startServerProcess, untilRunning } from './helpers/process.js';

describe('the server process', () => {
  it('starts with demo data, answers health and login, and stops cleanly on SIGTERM', async () => {
    const p = await startServerProcess();
    try {
      await untilRunning(p);
      const health = await fetch(`http://127.0.0.1:${p.port}/api/health`);
      expect(health.status).toBe(200);
      expect(await health.json()).toMatchObject({ ok: true, database: 'up', broker: 'up' });
      const login = await fetch(`http://127.0.0.1:${p.port}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'owner@demo.test', password: 'vessel-link-demo' }),
      });
      expect(await login.json()).toEqual({ ok: true, data: { token: expect.any(String) } });
    } finally {
      p.child.kill('SIGTERM');
    }
    expect((await p.exited).code).toBe(0);
    expect(p.stdout()).toContain('"msg":"stopping"');
    expect(p.stdout()).not.toContain('vessel-link-demo');
  });

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
  });

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
  });

  it('refuses invalid configuration with one clear line', async () => {
    const p = await startServerProcess({ PORT: 'eighty' } as Record<string, string>);
    expect((await p.exited).code).toBe(1);
    expect(p.stderr()).toMatch(/Invalid configuration: "PORT" must be a number/);
  });
});
