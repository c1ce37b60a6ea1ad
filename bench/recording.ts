/**
 * The `recording` shape of bench/ingest.ts: a real NMEA 2000 recording (fixtures/n2k/motor-yacht.n2k)
 * decoded by the bridge agent's canboatjs and n2k-signalk stage (bridge/sources/decoders.ts,
 * `n2kUpdates`), and kept as n2k-signalk writes its deltas: updates with a `source`
 * object (`{label, type, pgn, src}`) and the recording's own timestamps. Replayed from years in the
 * past, as a bridge flushing its backlog after an outage sends it: each pass over the recording
 * follows the last one in time, so no value repeats a (path, time) already sent.
 */
import { readFileSync } from 'node:fs';
import { n2kUpdates } from '../bridge/sources/decoders.js';

const RECORDING = new URL('../fixtures/n2k/motor-yacht.n2k', import.meta.url);

interface Update {
  source: Record<string, unknown>;
  /** Milliseconds after the recording's first timestamp. */
  offsetMs: number;
  values: Array<{ path: string; value: unknown }>;
}

/** The recording's deltas, one per decoded frame, and how long it lasts. */
function decode(): { deltas: Update[][]; spanMs: number } {
  const updatesOf = n2kUpdates();
  const deltas: Update[][] = [];
  let firstMs = NaN;
  let lastMs = NaN;
  for (const line of readFileSync(RECORDING, 'utf8').split('\n')) {
    const decoded = updatesOf(line);
    if (!decoded) continue;
    const updates: Update[] = [];
    for (const update of decoded) {
      const values = (update.values ?? []).filter((v) => typeof v.path === 'string' && v.path !== '');
      if (!values.length || !update.timestamp) continue;
      const ms = Date.parse(update.timestamp);
      if (Number.isNaN(firstMs)) firstMs = ms;
      lastMs = ms;
      // n2k-signalk leaves the label empty; the bridge agent names the bus `n2k` (`n2k.17`).
      updates.push({ source: { ...update.source, label: 'n2k' }, offsetMs: ms - firstMs, values });
    }
    if (updates.length) deltas.push(updates);
  }
  if (!deltas.length) throw new Error(`${RECORDING.pathname}: no deltas decoded`);
  // The next pass starts a second after the last frame.
  return { deltas, spanMs: lastMs - firstMs + 1000 };
}

let recording: ReturnType<typeof decode> | null = null;

/**
 * How far back the replay starts: three years by default, a backlog from long before the current
 * chunk of history. `BENCH_RECORDING_YEARS=0` starts it an hour ago instead, to compare the same
 * recording with recent timestamps (they move into the future after an hour of passes, where the
 * server takes them as measured on arrival).
 */
export const RECORDING_YEARS_BACK = Number(process.env.BENCH_RECORDING_YEARS ?? 3);
const startMs = RECORDING_YEARS_BACK ? Date.UTC(new Date().getUTCFullYear() - RECORDING_YEARS_BACK, 0, 1) : Date.now() - 3600_000;

/** Message n of the `recording` shape: the recording's frame n mod its length, in pass n / length. */
export function recordingDelta(n: number): { payload: string; values: number } {
  recording ??= decode();
  const { deltas, spanMs } = recording;
  const pass = Math.floor(n / deltas.length);
  const updates = deltas[n % deltas.length];
  let values = 0;
  const out = updates.map((u) => {
    values += u.values.length;
    return { source: u.source, timestamp: new Date(startMs + pass * spanMs + u.offsetMs).toISOString(), values: u.values };
  });
  return { payload: JSON.stringify({ context: 'vessels.self', updates: out }), values };
}
