/** The agent's command line: each mistake is one line on stderr and exit code 2. */
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = new URL('../..', import.meta.url).pathname;

function agent(args: string[]): Promise<{ code: number; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, ['--import', 'tsx', join(ROOT, 'bridge/main.ts'), ...args], { cwd: ROOT, timeout: 30_000 }, (error, _stdout, stderr) => {
      resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, stderr });
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
    ['a Signal K server that is not http', ['--signalk', 'ws://boat:3000'], 'Expected the Signal K server as http://host:port.'],
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
