import type { SignalKDelta } from '../../contracts/bridge';

/** When a delta was measured: its earliest update timestamp, if any. */
function measuredAt(delta: SignalKDelta): number | undefined {
  const times = delta.updates.flatMap((update) => (update.timestamp ? [Date.parse(update.timestamp)] : []));
  return times.length > 0 ? Math.min(...times) : undefined;
}

/**
 * A log's deltas at its recorded pace divided by `speed`, their timestamps moved to the time of
 * replay with their spacing kept. Shared by the bridge agent and the simulator's replay.
 */
export async function* paced(
  deltas: AsyncIterable<SignalKDelta>,
  speed: number,
  sleep: (ms: number) => Promise<void>,
  stopped: () => boolean,
): AsyncGenerator<SignalKDelta> {
  const startedAt = Date.now();
  let logStart: number | undefined;
  let previous: number | undefined;
  for await (const delta of deltas) {
    if (stopped()) return;
    const at = measuredAt(delta) ?? previous ?? Date.now();
    logStart ??= at;
    previous = at;
    const replayAt = (logTime: number) => startedAt + (logTime - (logStart as number)) / speed;
    const wait = replayAt(at) - Date.now();
    if (wait > 0) await sleep(wait);
    if (stopped()) return;
    yield {
      ...delta,
      updates: delta.updates.map((update) =>
        update.timestamp ? { ...update, timestamp: new Date(replayAt(Date.parse(update.timestamp))).toISOString() } : update,
      ),
    };
  }
}
