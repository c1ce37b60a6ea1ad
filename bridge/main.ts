/**
 * `npm run bridge -- [options]` or `vessel-link-bridge [options]`: the bridge agent aboard, until
 * Ctrl-C or SIGTERM (docs/bridge-agent.md). Exit codes: 0 stopped, 1 failed while running, 2 bad
 * command line (one line saying what is wrong).
 *
 * `vessel-link-bridge status [--queue-dir DIR] [--json]`: what the agent using that queue directory
 * last reported (status.ts). Exit codes: 0 connected, 1 running but not connected, 2 bad command
 * line, 3 no agent running.
 */
import packageJson from './package.json' with { type: 'json' };
import { Command, InvalidArgumentError, Option } from 'commander';
import { read, readSecrets } from './client/read-input';
import { integer, mqttUrl, positiveNumber, serial } from './client/options';
import { runProgram } from './client/run-program';
import { UsageError } from './client/usage-error';
import { LOG_LEVELS, type LogLevel, stderrLogger } from './client/logger';
import { Agent } from './agent';
import { describeStatus, isRunning, readStatus } from './status';
import { type LimitsConfig, NO_LIMITS, defaultLimits, parseLimitsFile } from './limits';
import { type LineAddress, parseLineAddress } from './sources/lines';
import { type N2kDeviceAddress, n2kDeviceProblem, parseN2kDeviceAddress } from './sources/n2k-devices';
import { type SignalKAddress, signalKAddress } from './sources/signalk';

const VERSION = packageJson.version;

function lineAddress(text: string, previous: LineAddress[] = []): LineAddress[] {
  const address = parseLineAddress(text);
  if (!address) throw new InvalidArgumentError('Expected tcp://host:port, udp://:port or a file.');
  return [...previous, address];
}

function n2kAddress(text: string, previous: Array<LineAddress | N2kDeviceAddress> = []): Array<LineAddress | N2kDeviceAddress> {
  const address = text.startsWith('socketcan:') || text.startsWith('serial:') ? parseN2kDeviceAddress(text) : parseLineAddress(text);
  if (!address) throw new InvalidArgumentError('Expected tcp://host:port, udp://:port, socketcan:<interface>, serial:/dev/<port>[@baud] or a file.');
  return [...previous, address];
}

function signalK(text: string): SignalKAddress {
  const address = signalKAddress(text);
  if (!address) throw new InvalidArgumentError('Expected the Signal K server as host:port, http(s):// or ws(s)://.');
  return address;
}

interface RawOptions {
  mqttUrl: string;
  serial: string;
  secretFile: string;
  signalk?: SignalKAddress;
  signalkTokenFile?: string;
  n2k?: Array<LineAddress | N2kDeviceAddress>;
  nmea0183?: LineAddress[];
  queueDir: string;
  queueMaxMb: number;
  queueMaxHours: number;
  batchMs: number;
  limits: boolean;
  limitsFile?: string;
  reconnectMinMs: number;
  reconnectMaxMs: number;
  logLevel: LogLevel;
}

const DEFAULT_QUEUE_DIR = './vessel-link-queue';

function buildProgram(): Command {
  return new Command('vessel-link-bridge')
    .description('The Vessel Link bridge agent: Signal K, NMEA 2000 and NMEA 0183 on board to the cloud')
    .version(VERSION)
    .addOption(new Option('--mqtt-url <url>', 'the cloud broker, e.g. mqtts://link.example.com:8883').argParser(mqttUrl).makeOptionMandatory())
    .addOption(new Option('--serial <serial>', 'this bridge, as created with `vessel-link bridges create`').argParser(serial).makeOptionMandatory())
    .addOption(new Option('--secret-file <path>', 'file holding the bridge secret ("-" reads standard input)').makeOptionMandatory())
    .addOption(new Option('--signalk <url>', 'a Signal K server: localhost:3000, http(s)://host:port or ws(s)://host:port').argParser(signalK))
    .addOption(new Option('--signalk-token-file <path>', 'file holding a Signal K access token (for its stream and PUTs)'))
    .addOption(
      new Option(
        '--n2k <source>',
        'NMEA 2000: text (Actisense, canboat, YDRAW) from tcp://host:port, udp://:port or a recorded file; socketcan:can0; serial:/dev/ttyUSB0 (Actisense NGT-1); repeatable',
      ).argParser(n2kAddress),
    )
    .addOption(new Option('--nmea0183 <source>', 'NMEA 0183 sentences: tcp://host:port, udp://:port or a recorded file; repeatable').argParser(lineAddress))
    .addOption(new Option('--queue-dir <dir>', 'where deltas wait while the uplink is down, and the status file').default(DEFAULT_QUEUE_DIR))
    .addOption(new Option('--queue-max-mb <mb>', 'size limit of the queue on disk').argParser(positiveNumber).default(100))
    .addOption(new Option('--queue-max-hours <hours>', 'deltas older than this are dropped from the queue').argParser(integer(1, 24 * 365)).default(72))
    .addOption(
      new Option('--batch-ms <ms>', 'values read within this time go out as one message (0: each at once)').argParser(integer(0, 60_000)).default(1000),
    )
    .addOption(new Option('--limits-file <path>', 'JSON rate limits and deadbands per path, tried before the defaults').conflicts('limits'))
    .addOption(new Option('--no-limits', 'send every reading (no rate limits, no deadbands)'))
    .addOption(
      new Option('--reconnect-min-ms <ms>', 'the first wait after a failed connection; it doubles up to --reconnect-max-ms')
        .argParser(integer(1, 600_000))
        .default(1000),
    )
    .addOption(new Option('--reconnect-max-ms <ms>', 'the longest wait between connection attempts').argParser(integer(1, 3_600_000)).default(60_000))
    .addOption(new Option('--log-level <level>', 'log level on stderr').choices(LOG_LEVELS).default('info'))
    .addHelpText('after', '\nThe state of a running agent: vessel-link-bridge status [--queue-dir <dir>] [--json]');
}

function buildStatusProgram(): Command {
  return new Command('vessel-link-bridge status')
    .description("What the agent using this queue directory last reported: its link, its queue's depth, its last delivery")
    .addOption(new Option('--queue-dir <dir>', "the agent's --queue-dir").default(DEFAULT_QUEUE_DIR))
    .addOption(new Option('--json', 'the status file as JSON, with "running"'));
}

/** Exit codes: 0 connected, 1 running but not connected, 3 no agent running. */
function status(argv: string[]): number {
  const program = buildStatusProgram().exitOverride();
  program.parse(argv);
  const { queueDir, json } = program.opts<{ queueDir: string; json?: boolean }>();
  let found;
  try {
    found = readStatus(queueDir);
  } catch (error) {
    throw new UsageError(`Cannot read the status in --queue-dir ${queueDir}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
  }
  const running = found ? isRunning(found) : false;
  if (json) process.stdout.write(`${JSON.stringify(found ? { running, ...found } : { running })}\n`);
  else if (found) process.stdout.write(`${describeStatus(found, running, Date.now()).join('\n')}\n`);
  else process.stdout.write(`agent: not running (no status in ${queueDir})\n`);
  if (!found || !running) return 3;
  return found.link.state === 'connected' ? 0 : 1;
}

async function limitsOf(raw: RawOptions): Promise<LimitsConfig> {
  if (!raw.limits) return NO_LIMITS;
  if (!raw.limitsFile) return defaultLimits();
  try {
    return parseLimitsFile(await read('--limits-file', raw.limitsFile));
  } catch (error) {
    if (error instanceof UsageError) throw error;
    throw new UsageError(`--limits-file ${raw.limitsFile}: ${(error as Error).message}`);
  }
}

async function main(argv: string[]): Promise<number> {
  if (argv[2] === 'status') return status([...argv.slice(0, 2), ...argv.slice(3)]);
  const program = buildProgram().exitOverride();
  program.parse(argv);
  const raw = program.opts<RawOptions>();
  if (!raw.signalk && !raw.n2k && !raw.nmea0183) throw new UsageError('Give at least one source: --signalk, --n2k or --nmea0183');
  if (raw.signalkTokenFile && !raw.signalk) throw new UsageError('--signalk-token-file needs --signalk');
  for (const address of raw.n2k ?? []) {
    const problem = address.kind === 'socketcan' || address.kind === 'actisense' ? n2kDeviceProblem(address) : undefined;
    if (problem) throw new UsageError(problem.message);
  }
  const limits = await limitsOf(raw);
  const [secret] = await readSecrets(raw.secretFile, 1);
  const token = raw.signalkTokenFile ? (await read('--signalk-token-file', raw.signalkTokenFile)).trim() : undefined;
  let agent: Agent;
  try {
    agent = new Agent({
      mqttUrl: raw.mqttUrl,
      serial: raw.serial,
      secret,
      version: VERSION,
      signalk: raw.signalk ? { address: raw.signalk, token } : undefined,
      n2k: raw.n2k,
      nmea0183: raw.nmea0183,
      queue: { directory: raw.queueDir, maxBytes: Math.round(raw.queueMaxMb * 1024 * 1024), maxAgeMs: raw.queueMaxHours * 3_600_000 },
      logger: stderrLogger(),
      logLevel: raw.logLevel,
      batchMs: raw.batchMs,
      limits,
      reconnectMs: raw.reconnectMinMs,
      reconnectMaxMs: Math.max(raw.reconnectMinMs, raw.reconnectMaxMs),
    });
  } catch (error) {
    throw new UsageError(`Cannot use --queue-dir ${raw.queueDir}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
  }
  agent.start();
  await new Promise<void>((resolve) => {
    process.once('SIGINT', resolve);
    process.once('SIGTERM', resolve);
  });
  await agent.stop();
  return 0;
}

runProgram(() => main(process.argv));
