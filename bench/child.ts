/**
 * The processes a benchmark runs: a child that prints JSON lines (the server under test, a load
 * generator), its peak RSS sampled from /proc, and the small network helpers around them.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { connect, createServer, type AddressInfo } from 'node:net';

export interface Child {
  process: ChildProcess;
  /** The first JSON line the child printed. */
  ready: Promise<any>;
  /** Every JSON line the child printed. */
  lines: any[];
  /** Called with each JSON line as it arrives. */
  onLine?: (line: any) => void;
  peakRssMb: () => number;
  rssMb: () => number;
  /** CPU time the process has used so far, user and system (0 once it has exited). */
  cpuSeconds: () => number;
  stop(): Promise<void>;
}

/** The resident set of a process now, in MB (0 once it has exited). */
export function rssOf(pid: number | undefined): number {
  try {
    return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
  } catch {
    return 0;
  }
}

/** CPU time a process has used, user and system, in seconds (0 once it has exited). */
export function cpuSecondsOf(pid: number | undefined): number {
  try {
    // /proc/<pid>/stat fields 14 and 15: utime and stime in clock ticks (100 a second).
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

export function startChild(command: string, args: string[], env?: NodeJS.ProcessEnv): Child {
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'inherit'], env: env ? { ...process.env, ...env } : undefined });
  const lines: any[] = [];
  let buffer = '';
  let resolveReady: (v: any) => void = () => {};
  const ready = new Promise<any>((resolve, reject) => {
    resolveReady = resolve;
    child.once('exit', (code) => reject(new Error(`${command} exited with ${code}`)));
  });
  // Children that print nothing (Mosquitto) are never `ready`; their exit is no error.
  ready.catch(() => {});
  let peak = 0;
  const handle: Child = {
    process: child,
    ready,
    lines,
    peakRssMb: () => peak,
    rssMb: () => rssOf(child.pid),
    cpuSeconds: () => cpuSecondsOf(child.pid),
    async stop() {
      clearInterval(sampler);
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
  child.stdout!.on('data', (chunk) => {
    buffer += chunk;
    let end: number;
    while ((end = buffer.indexOf('\n')) >= 0) {
      const line = buffer.slice(0, end).trim();
      buffer = buffer.slice(end + 1);
      if (!line.startsWith('{')) continue;
      const parsed = JSON.parse(line);
      lines.push(parsed);
      handle.onLine?.(parsed);
      if (lines.length === 1) resolveReady(parsed);
    }
  });
  const sampler = setInterval(() => (peak = Math.max(peak, rssOf(child.pid))), 250);
  return handle;
}

/** A TypeScript script of bench/ in its own Node process. */
export const tsx = (script: string, args: string[] = [], env?: NodeJS.ProcessEnv): Child =>
  startChild(process.execPath, ['--import', 'tsx', script, ...args], env);

export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

export async function untilListening(port: number): Promise<void> {
  for (let i = 0; i < 200; i++) {
    const up = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1', () => {
        socket.destroy();
        resolve(true);
      }).on('error', () => resolve(false));
    });
    if (up) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`nothing listens on ${port}`);
}
