/**
 * The simulator's command line: flags, their checks, and the run they describe. Every mistake is
 * a UsageError or a commander error, both printed as one line with exit code 2 by main.ts.
 */
import { Command, Option } from 'commander';
import { DEFAULT_MQTT_URL } from '../bridge';
import type { FleetMember } from '../fleet';
import { LOG_LEVELS, type LogLevel } from '../../bridge/client/logger';
import { DEFAULT_PROFILE, PROFILE_NAMES } from '../profiles';
import { SCENARIO_NAMES, type ScenarioName } from '../scenarios';
import { readBridgesFile, readSecrets } from './bridges-file';
import { UsageError } from '../../bridge/client/usage-error';
import { integer, mqttUrl, positiveNumber, serial } from '../../bridge/client/options';

export { integer, mqttUrl, positiveNumber, serial };

const MAX_BRIDGES = 10_000;

export function buildProgram(): Command {
  return new Command('sim')
    .description('Simulated Vessel Link bridges: vessels with devices, speaking the bridge MQTT protocol')
    .addOption(new Option('--mqtt-url <url>', 'broker to connect to').default(DEFAULT_MQTT_URL).argParser(mqttUrl))
    .addOption(new Option('--serial <serial>', 'one bridge with this serial').argParser(serial).conflicts(['count', 'serialPrefix', 'bridges']))
    .addOption(new Option('--count <n>', 'number of bridges (default 1)').argParser(integer(1, MAX_BRIDGES)).conflicts('bridges'))
    .addOption(new Option('--serial-prefix <prefix>', 'serials are <prefix>0001, <prefix>0002, ... (default "SIM-")').argParser(serial).conflicts('bridges'))
    .addOption(new Option('--secret-file <path>', 'the bridge secret: one line for every bridge, or one line per bridge').conflicts('bridges'))
    .addOption(new Option('--bridges <file>', 'JSON array of {"serial", "secret", "profile"?} instead of --count and --secret-file'))
    .addOption(new Option('--profile <name>', 'equipment on board').choices(PROFILE_NAMES).default(DEFAULT_PROFILE))
    .addOption(new Option('--tick-ms <ms>', 'how often a bridge measures and reports').argParser(integer(10, 60_000)).default(1000))
    .addOption(new Option('--seed <n>', 'same seed, same vessels and values').argParser(integer(0, 2 ** 32 - 1)).default(1))
    .addOption(new Option('--scenario <name>', 'run an alarm scenario on every bridge once connected').choices(SCENARIO_NAMES))
    .addOption(new Option('--replay <file>', 'replay a delta log (one Signal K delta per line) as the bridge').conflicts(['scenario', 'record']))
    .addOption(
      new Option('--replay-n2k <file>', 'replay a recorded NMEA 2000 log (Actisense / canboat text) as the bridge').conflicts(['scenario', 'record', 'replay']),
    )
    .addOption(new Option('--speed <factor>', 'replay speed: 1 as recorded, 10 ten times faster').argParser(positiveNumber))
    .addOption(new Option('--record <file>', "write the first bridge's telemetry to a delta log"))
    .addOption(new Option('--duration <seconds>', 'stop after this many seconds (default: until Ctrl-C)').argParser(positiveNumber))
    .addOption(new Option('--connect-interval-ms <ms>', "delay between two bridges' first connects").argParser(integer(0, 60_000)).default(5))
    .addOption(new Option('--buffer-limit <n>', 'deltas a bridge keeps while disconnected').argParser(integer(1, 1_000_000)).default(1000))
    .addOption(new Option('--reboot-delay-ms <ms>', 'how long a reboot keeps a bridge offline').argParser(integer(1, 600_000)).default(3000))
    .addOption(new Option('--fail-updates <versions...>', 'software versions whose update fails (to try a rollout stopping on failures)'))
    .addOption(new Option('--log-level <level>', 'bridge log level on stderr').choices(LOG_LEVELS).default('warn'))
    .addOption(new Option('--json', 'status as one JSON object per second on stdout instead of the progress line'))
    .helpOption('-h, --help', 'show this help')
    .allowExcessArguments(false);
}

interface RawOptions {
  mqttUrl: string;
  serial?: string;
  count?: number;
  serialPrefix?: string;
  secretFile?: string;
  bridges?: string;
  profile: string;
  tickMs: number;
  seed: number;
  scenario?: ScenarioName;
  replay?: string;
  replayN2k?: string;
  speed?: number;
  record?: string;
  duration?: number;
  connectIntervalMs: number;
  bufferLimit: number;
  rebootDelayMs: number;
  failUpdates?: string[];
  logLevel: LogLevel;
  json?: boolean;
}

export interface SimulatorRun {
  mqttUrl: string;
  bridges: FleetMember[];
  profile: string;
  tickMs: number;
  seed: number;
  scenario?: ScenarioName;
  replay?: { file: string; speed: number; format: 'signalk' | 'n2k' };
  record?: string;
  durationMs?: number;
  connectIntervalMs: number;
  bufferLimit: number;
  rebootDelayMs: number;
  failUpdates: string[];
  logLevel: LogLevel;
  json: boolean;
}

const serialAt = (prefix: string, index: number, count: number): string => `${prefix}${String(index + 1).padStart(Math.max(4, String(count).length), '0')}`;

/** Checks what commander cannot (combinations, files) and lists the bridges to run. */
export async function resolveRun(raw: RawOptions): Promise<SimulatorRun> {
  const replayFile = raw.replay ?? raw.replayN2k;
  if (raw.speed !== undefined && !replayFile) throw new UsageError('--speed only applies to --replay and --replay-n2k');
  let bridges: FleetMember[];
  if (raw.bridges) {
    bridges = await readBridgesFile(raw.bridges);
  } else {
    if (!raw.secretFile) throw new UsageError('--secret-file (or --bridges) is required: bridges log in with their secret');
    const count = raw.count ?? 1;
    const secrets = await readSecrets(raw.secretFile, count);
    bridges = Array.from({ length: count }, (_, index) => ({
      serial: raw.serial ?? serialAt(raw.serialPrefix ?? 'SIM-', index, count),
      secret: secrets[secrets.length === 1 ? 0 : index],
    }));
  }
  if (bridges.length > MAX_BRIDGES) throw new UsageError(`At most ${MAX_BRIDGES} bridges from one process`);
  if (replayFile && bridges.length > 1) throw new UsageError('--replay plays one bridge: use --count 1, --serial or a --bridges file with one entry');
  return {
    mqttUrl: raw.mqttUrl,
    bridges,
    profile: raw.profile,
    tickMs: raw.tickMs,
    seed: raw.seed,
    scenario: raw.scenario,
    replay: replayFile ? { file: replayFile, speed: raw.speed ?? 1, format: raw.replayN2k ? 'n2k' : 'signalk' } : undefined,
    record: raw.record,
    durationMs: raw.duration === undefined ? undefined : raw.duration * 1000,
    connectIntervalMs: raw.connectIntervalMs,
    bufferLimit: raw.bufferLimit,
    rebootDelayMs: raw.rebootDelayMs,
    failUpdates: raw.failUpdates ?? [],
    logLevel: raw.logLevel,
    json: raw.json ?? false,
  };
}
