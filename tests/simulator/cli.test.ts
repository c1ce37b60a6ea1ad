import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestBroker, startTestBroker } from './helpers/broker';
import { type Observer, observe } from './helpers/observer';

const ROOT = new URL('../../', import.meta.url).pathname;
const SAMPLE = join(ROOT, 'simulator/logs/sample.ndjson');

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

function sim(args: string[]): Promise<Run> {
  return new Promise((resolve) => {
    execFile(process.execPath, ['--import', 'tsx', join(ROOT, 'simulator/main.ts'), ...args], { cwd: ROOT, timeout: 30_000 }, (error, stdout, stderr) => {
      resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, stdout, stderr });
    });
  });
}

describe('the simulator command line', () => {
  let folder: string;
  let secretFile: string;
  let broker: TestBroker;
  let cloud: Observer;

  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), 'vessel-link-sim-cli-'));
    secretFile = join(folder, 'secret');
    await writeFile(secretFile, 'fleet-secret\n');
    broker = await startTestBroker();
    cloud = await observe(broker.url, ['bridges/+/delta', 'bridges/+/status']);
  });

  afterAll(async () => {
    await cloud.close();
    await broker.close();
    await rm(folder, { recursive: true, force: true });
  });

  it.each([
    ['a tick that is not a number', ['--tick-ms', 'fast'], /--tick-ms/],
    ['no bridges', ['--count', '0'], /--count/],
    ['an unknown option', ['--colour'], /unknown option/],
    ['an unknown scenario', ['--scenario', 'fire'], /low-battery/],
    ['a broker URL that is not MQTT', ['--mqtt-url', 'http://example.com'], /--mqtt-url/],
    ['no secret', ['--count', '2'], /--secret-file/],
    ['a missing secret file', ['--secret-file', '/nonexistent/secret'], /ENOENT/],
    ['--speed without --replay', ['--speed', '3', '--secret-file', '/dev/null'], /--speed/],
    ['a bridges file and a count', ['--bridges', 'bridges.json', '--count', '2'], /cannot be used with/],
  ])('rejects %s with one line on stderr and exit code 2', async (_case, args, message) => {
    const run = await sim(args);
    expect(run.code).toBe(2);
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
    expect(run.stderr).toMatch(/^error: /);
    expect(run.stderr).toMatch(message);
    expect(run.stderr).not.toMatch(/\n\s+at /);
  });

  it('rejects a replay log with a broken line, naming it', async () => {
    const log = join(folder, 'broken.ndjson');
    await writeFile(log, 'not json\n');
    const run = await sim(['--replay', log, '--serial', 'SIM-CLI', '--secret-file', secretFile, '--mqtt-url', broker.url]);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/line 1/);
  });

  it('runs a fleet from --count and --secret-file, reporting progress as JSON, and stops cleanly after --duration', async () => {
    const run = await sim([
      '--mqtt-url',
      broker.url,
      '--count',
      '3',
      '--serial-prefix',
      'CLI-',
      '--secret-file',
      secretFile,
      '--tick-ms',
      '50',
      '--duration',
      '1.5',
      '--json',
    ]);

    expect(run.code).toBe(0);
    const reports = run.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(reports.at(-1)).toMatchObject({ event: 'stopped', bridges: 3 });
    expect(reports.some((report) => report.connected === 3 && report.messagesSent > 0)).toBe(true);
    for (const serial of ['CLI-0001', 'CLI-0002', 'CLI-0003']) {
      await cloud.next(`bridges/${serial}/delta`);
      await cloud.next(`bridges/${serial}/status`, (status) => status.online === false);
    }
  });

  it('prints a progress line on stderr when not asked for JSON', async () => {
    const run = await sim(['--mqtt-url', broker.url, '--serial', 'CLI-PROGRESS', '--secret-file', secretFile, '--tick-ms', '50', '--duration', '1.2']);
    expect(run.code).toBe(0);
    expect(run.stdout).toBe('');
    expect(run.stderr).toMatch(/1\/1 connected, [\d,]+ messages sent/);
  });

  it('replays a log as one bridge and exits once it is out', async () => {
    const run = await sim(['--mqtt-url', broker.url, '--serial', 'CLI-REPLAY', '--secret-file', secretFile, '--replay', SAMPLE, '--speed', '1000', '--json']);
    expect(run.code).toBe(0);
    const final = JSON.parse(run.stdout.trim().split('\n').at(-1) as string);
    expect(final.replayed).toBeGreaterThan(100);
    await cloud.next('bridges/CLI-REPLAY/delta');
  });

  it("replays a recorded NMEA 2000 log through the bridge agent's decoder", async () => {
    const n2k = join(ROOT, 'fixtures/n2k/motor-yacht.n2k');
    const run = await sim(['--mqtt-url', broker.url, '--serial', 'CLI-N2K', '--secret-file', secretFile, '--replay-n2k', n2k, '--speed', '1000', '--json']);
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout.trim().split('\n').at(-1) as string).replayed).toBe(408);
    const engine = await cloud.next('bridges/CLI-N2K/delta', (delta) =>
      delta.updates[0].values.some((v: { path: string }) => v.path === 'propulsion.port.revolutions'),
    );
    expect(engine.updates[0].$source).toBe('n2k.17');
  });

  it('refuses --replay-n2k with --replay, and a missing recording, with exit code 2', async () => {
    const both = await sim(['--secret-file', secretFile, '--replay', SAMPLE, '--replay-n2k', SAMPLE]);
    expect(both.code).toBe(2);
    const missing = await sim(['--secret-file', secretFile, '--replay-n2k', '/nonexistent.n2k']);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('/nonexistent.n2k');
  });
});
