/**
 * `npm run sim -- [options]`: runs simulated bridges (or replays a delta log) until Ctrl-C or
 * `--duration`. Exit codes: 0 stopped normally, 1 failed while running, 2 bad command line.
 */
import { constants } from 'node:fs';
import { access } from 'node:fs/promises';
import { buildProgram, resolveRun, type SimulatorRun } from './cli/options';
import { type Progress, reportProgress } from './cli/progress';
import { runProgram } from '../bridge/client/run-program';
import { UsageError } from '../bridge/client/usage-error';
import { startFleet } from './fleet';
import { stderrLogger } from '../bridge/client/logger';
import { profileNamed } from './profiles';
import { createRecorder } from './recorder';
import { DeltaLogError, checkDeltaLog, replayLog } from './replay';
import { inventoryOf } from './vessel';

/** Resolves on Ctrl-C, SIGTERM or when `durationMs` has passed; a second Ctrl-C exits at once. */
function untilStopped(durationMs: number | undefined, finished?: Promise<unknown>): Promise<void> {
  return new Promise((resolve) => {
    let stopping = false;
    const stop = () => {
      if (stopping) process.exit(130);
      stopping = true;
      resolve();
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
    if (durationMs !== undefined) setTimeout(stop, durationMs).unref();
    finished?.then(stop, stop);
  });
}

async function simulate(run: SimulatorRun): Promise<number> {
  const recorder = run.record
    ? await createRecorder(run.record).catch((error: NodeJS.ErrnoException) => {
        throw new UsageError(`Cannot write --record ${run.record}: ${error.code ?? error.message}`);
      })
    : undefined;
  const fleet = startFleet({
    mqttUrl: run.mqttUrl,
    bridges: run.bridges.map((bridge) => ({ ...bridge, profile: bridge.profile ?? run.profile })),
    seed: run.seed,
    tickMs: run.tickMs,
    bufferLimit: run.bufferLimit,
    rebootDelayMs: run.rebootDelayMs,
    failUpdates: run.failUpdates,
    connectIntervalMs: run.connectIntervalMs,
    logger: stderrLogger(),
    logLevel: run.logLevel,
    onFirstBridgeDelta: recorder ? (delta) => recorder.record(delta) : undefined,
  });
  const { scenario } = run;
  if (scenario) {
    // Played live once a bridge is up; a bridge that never connects plays it into its buffer.
    for (const bridge of fleet.bridges)
      void bridge
        .waitForConnect(60_000)
        .catch(() => undefined)
        .then(() => bridge.injectScenario(scenario));
  }
  const progress = reportProgress(() => fleet.stats, run.json);
  await untilStopped(run.durationMs);
  await fleet.stop();
  await recorder?.close();
  progress.finish();
  return 0;
}

async function replay(run: SimulatorRun, file: string, speed: number, format: 'signalk' | 'n2k'): Promise<number> {
  try {
    if (format === 'signalk') await checkDeltaLog(file);
    else await access(file, constants.R_OK);
  } catch (error) {
    if (error instanceof DeltaLogError) throw new UsageError(error.message);
    throw new UsageError(`Cannot read --replay${format === 'n2k' ? '-n2k' : ''} ${file}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
  }
  const [bridge] = run.bridges;
  const handle = replayLog({
    mqttUrl: run.mqttUrl,
    serial: bridge.serial,
    secret: bridge.secret,
    file,
    format,
    speed,
    // A real recording's paths are not the profile's: the cloud describes them from the Signal K schema.
    inventory: format === 'n2k' ? undefined : inventoryOf(profileNamed(bridge.profile ?? run.profile)),
    logger: stderrLogger(),
  });
  const progress = reportProgress((): Progress => {
    const stats = handle.stats;
    return { bridges: 1, connected: handle.client.connected ? 1 : 0, reconnects: Math.max(0, stats.connects - 1), ...stats };
  }, run.json);
  await untilStopped(run.durationMs, handle.finished);
  const failure = await handle.finished.then(
    () => undefined,
    (error: Error) => error,
  );
  await handle.stop();
  progress.finish();
  if (failure) {
    process.stderr.write(`error: ${failure.message}\n`);
    return 1;
  }
  return 0;
}

async function main(argv: string[]): Promise<number> {
  const program = buildProgram().exitOverride();
  program.parse(argv);
  const run = await resolveRun(program.opts());
  return run.replay ? await replay(run, run.replay.file, run.replay.speed, run.replay.format) : await simulate(run);
}

runProgram(() => main(process.argv));
