/**
 * The agent's command line: each mistake is one line on stderr and exit code 2; `status` reads what
 * a running agent reports (a real agent process against a small Aedes broker).
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestBroker, startTestBroker } from '../simulator/helpers/broker';

const ROOT = new URL('../..', import.meta.url).pathname;

function agent(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, ['--import', 'tsx', join(ROOT, 'bridge/main.ts'), ...args], { cwd: ROOT, timeout: 30_000 }, (error, stdout, stderr) => {
      resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, stdout, stderr });
    });
  });
}

describe('the bridge agent command line', () => {
  let folder: string;
  let secret: string;
  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), 'agent-cli-'));
    secret = join(folder, 'secret');
    await writeFile(secret, 'bridge-secret\n');
  });
  afterAll(async () => {
    await rm(folder, { recursive: true, force: true });
  });

  const base = () => ['--mqtt-url', 'mqtt://127.0.0.1:1', '--serial', 'BR-1', '--secret-file', secret];

  it.each([
    ['no broker', ['--serial', 'BR-1', '--n2k', 'x.n2k'], "required option '--mqtt-url"],
    ['no source', [], 'Give at least one source: --signalk, --n2k or --nmea0183'],
    [
      'a source that is not one',
      ['--n2k', 'http://gateway'],
      'Expected tcp://host:port, udp://:port, socketcan:<interface>, serial:/dev/<port>[@baud] or a file.',
    ],
    ['a serial port that is not a device path', ['--n2k', 'serial:ttyUSB0'], 'Expected tcp://host:port, udp://:port, socketcan:<interface>'],
    // Neither socketcan nor canboatjs's addon is built here (install scripts do not run).
    ['SocketCAN without its native package', ['--n2k', 'socketcan:can0'], 'needs the socketcan package (npm install socketcan)'],
    ['a Signal K server that is no address', ['--signalk', 'ftp://boat:3000'], 'Expected the Signal K server as host:port, http(s):// or ws(s)://.'],
    ['a token without a server', ['--n2k', 'tcp://gw:2000', '--signalk-token-file', 'token'], '--signalk-token-file needs --signalk'],
    ['a queue size of zero', ['--n2k', 'tcp://gw:2000', '--queue-max-mb', '0'], 'Expected a positive number.'],
  ])('refuses %s', async (_what, extra, message) => {
    const args = extra.includes('--serial') ? extra : [...base(), ...extra];
    const run = await agent(args);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(message);
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
  });

  it('refuses a limits file that is not one, naming the file and the mistake', async () => {
    const limits = join(folder, 'limits.json');
    await writeFile(limits, '{"rules":[{"path":"navigation.*","interval":-1}]}');
    const run = await agent([...base(), '--n2k', 'tcp://gw:2000', '--limits-file', limits]);
    expect(run.code).toBe(2);
    expect(run.stderr.trim()).toMatch(/--limits-file .*limits\.json: "rules\[0\]\.interval" must be greater than or equal to 0$/);
  });

  it('refuses a limits file with --no-limits', async () => {
    const run = await agent([...base(), '--n2k', 'tcp://gw:2000', '--limits-file', 'limits.json', '--no-limits']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("cannot be used with option '--no-limits'");
  });

  it('refuses a secret file it cannot read', async () => {
    const run = await agent(['--mqtt-url', 'mqtt://127.0.0.1:1', '--serial', 'BR-1', '--secret-file', join(folder, 'missing'), '--n2k', 'tcp://gw:2000']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('Cannot read --secret-file');
  });
});

async function until(check: () => Promise<boolean>, what: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('vessel-link-bridge status', () => {
  let folder: string;
  let broker: TestBroker;
  const running: ChildProcess[] = [];

  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), 'agent-status-'));
    await writeFile(join(folder, 'secret'), 'right-secret\n');
    await writeFile(join(folder, 'wrong'), 'rotated-away\n');
    broker = await startTestBroker({ 'BR-STATUS': 'right-secret' });
  });
  afterAll(async () => {
    for (const child of running) child.kill('SIGKILL');
    await broker.close();
    await rm(folder, { recursive: true, force: true });
  });

  /** A real agent process; its NMEA 0183 source is a port nobody listens on (it retries quietly). */
  function startAgent(queueDir: string, secretFile: string): ChildProcess {
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        join(ROOT, 'bridge/main.ts'),
        ...['--mqtt-url', broker.url, '--serial', 'BR-STATUS', '--secret-file', join(folder, secretFile)],
        ...['--nmea0183', 'tcp://127.0.0.1:1', '--queue-dir', queueDir, '--reconnect-min-ms', '100'],
      ],
      { cwd: ROOT, stdio: 'ignore' },
    );
    running.push(child);
    return child;
  }

  const status = async (queueDir: string) => {
    const run = await agent(['status', '--queue-dir', queueDir, '--json']);
    return { ...run, json: JSON.parse(run.stdout) };
  };

  it('says so, exit code 3, when no agent ran with that queue directory', async () => {
    const run = await agent(['status', '--queue-dir', join(folder, 'none')]);
    expect(run).toMatchObject({ code: 3, stdout: `agent: not running (no status in ${join(folder, 'none')})\n` });
  });

  it('shows a refused agent still trying, with the longer wait of a refused secret (exit code 1)', async () => {
    const queueDir = join(folder, 'refused');
    const child = startAgent(queueDir, 'wrong');
    await until(async () => (await status(queueDir)).json.link?.state === 'waiting', 'the first refusal reported', 20_000);
    const { code, json } = await status(queueDir);
    expect(code).toBe(1);
    expect(json).toMatchObject({
      running: true,
      pid: child.pid,
      serial: 'BR-STATUS',
      link: { lastError: expect.stringMatching(/Not authorized|Bad username/) },
    });
    // --reconnect-min-ms 100 is for the broker's other failures: a refused secret waits 30 to 40 s.
    expect(json.link.nextAttemptMs).toBeGreaterThanOrEqual(30_000);
    expect(json.link.nextAttemptMs).toBeLessThanOrEqual(40_000);
    const text = await agent(['status', '--queue-dir', queueDir]);
    expect(text.stdout).toMatch(
      /^link: down since \S+, 1 failed attempt \(Connection refused: (Not authorized|Bad username or password)\); next attempt in \d+\.\d s \(waits 3\d\.\d s\)$/m,
    );
    child.kill('SIGTERM');
    await until(async () => (await status(queueDir)).code === 3, 'stopped', 10_000);
  });

  it('shows a connected agent with its queue and last delivery (exit code 0), and a stopped one (exit code 3)', async () => {
    const queueDir = join(folder, 'connected');
    const child = startAgent(queueDir, 'secret');
    await until(async () => (await status(queueDir)).code === 0, 'connected', 20_000);
    const text = await agent(['status', '--queue-dir', queueDir]);
    expect(text.stdout.split('\n')).toEqual([
      expect.stringMatching(new RegExp(`^agent: running \\(pid ${child.pid}\\), bridge BR-STATUS, version \\d+\\.\\d+\\.\\d+$`)),
      expect.stringMatching(new RegExp(`^link: connected to ${broker.url.replace(/[/.]/g, '\\$&')} since \\S+$`)),
      'queue: 0 deltas waiting (0.0 KiB), 0 dropped',
      'last delivery: none yet',
      '',
    ]);
    child.kill('SIGTERM');
    await until(async () => (await status(queueDir)).code === 3, 'stopped', 10_000);
    const stopped = await agent(['status', '--queue-dir', queueDir]);
    expect(stopped.stdout.split('\n').slice(0, 2)).toEqual([
      expect.stringMatching(/^agent: not running \(last status \S+\)$/),
      'link: none (the agent is not running)',
    ]);
  });
});
