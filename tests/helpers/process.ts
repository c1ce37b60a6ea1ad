/**
 * The real server as a child process (`node --import tsx src/main.ts`), for what only a
 * process can show: ports, signals, crashes.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * A port nobody listens on, picked below Linux's ephemeral range (32768 and up): the parallel
 * suite's outbound connections and port-0 listeners take ports from that range, so a port found
 * free there could be taken again before the child process binds it (CI saw exactly that).
 */
export async function freePort(): Promise<number> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const candidate = 20_000 + Math.floor(Math.random() * 12_000);
    if (await canListen(candidate)) return candidate;
  }
  return listenOn(0);
}

async function canListen(port: number): Promise<boolean> {
  return listenOn(port).then(
    () => true,
    () => false,
  );
}

function listenOn(port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      const { port: bound } = server.address() as { port: number };
      server.close(() => resolve(bound));
    });
  });
}

export interface ServerProcess {
  child: ChildProcess;
  port: string;
  mqttPort: string;
  dataDir: string;
  stdout: () => string;
  stderr: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

export async function startServerProcess(env: Record<string, string> = {}): Promise<ServerProcess> {
  const dataDir = env.DATA_DIR ?? mkdtempSync(join(tmpdir(), 'vessel-link-proc-'));
  const port = env.PORT ?? String(await freePort());
  const mqttPort = env.MQTT_PORT ?? String(await freePort());
  let out = '';
  let err = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    env: {
      ...process.env,
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      DATABASE_URL: join(dataDir, 'vessel-link.db'),
      DATA_DIR: dataDir,
      DEMO_BRIDGES: '0',
      LOG_LEVEL: 'info',
      ...env,
      PORT: port,
      MQTT_PORT: mqttPort,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (err += d));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal })),
  );
  return { child, port, mqttPort, dataDir, stdout: () => out, stderr: () => err, exited };
}

/** Resolves once the server logs that it is running; rejects if it exits first. */
export async function untilRunning(p: ServerProcess, timeoutMs = 60_000): Promise<void> {
  const started = Date.now();
  while (!p.stdout().includes('Vessel Link is running')) {
    if (p.child.exitCode !== null) throw new Error(`server exited: ${p.stderr()}`);
    if (Date.now() - started > timeoutMs) throw new Error(`server did not start: ${p.stdout()} ${p.stderr()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * Starts the server on free ports and waits until it runs. Should another process take a picked
 * port between the pick and the bind, it starts again on new ports (ports named in `env` are kept,
 * so a test about a taken port still sees its refusal).
 */
export async function startRunningServer(env: Record<string, string> = {}): Promise<ServerProcess> {
  for (let attempt = 1; ; attempt++) {
    const p = await startServerProcess(env);
    try {
      await untilRunning(p);
      return p;
    } catch (error) {
      const portRace = /already in use/.test(p.stderr()) && env.PORT === undefined && env.MQTT_PORT === undefined;
      if (!portRace || attempt >= 3) throw error;
    }
  }
}
