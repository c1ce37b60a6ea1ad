/**
 * Turning what instruments say into Signal K deltas: NMEA 2000 lines (Actisense N2K ASCII, canboat
 * "plain", Yacht Devices RAW and the other text formats canboatjs reads) through canboatjs and
 * n2k-signalk, and NMEA 0183 sentences through nmea0183-signalk. Each update gets a `$source`
 * naming the bus and the sender (`n2k.17`, `nmea0183.GP`), as docs/protocol.md's example does.
 */
import { FromPgn } from '@canboat/canboatjs';
import { N2kMapper } from '@signalk/n2k-signalk';
import { Parser as Nmea0183Parser } from '@signalk/nmea0183-signalk';
import type { SignalKDelta, SignalKValue } from '../../contracts/bridge';

/** A line of text in, a delta out when the line carried values. */
export type LineDecoder = (line: string) => SignalKDelta | undefined;

/** An update as the signalk parsers write it: a `source` object, the line's own timestamp. */
export interface DecodedUpdate {
  source?: Record<string, unknown>;
  timestamp?: string;
  values?: SignalKValue[];
}

function deltaOf(updates: DecodedUpdate[] | undefined, sourceOf: (source: Record<string, unknown>) => string): SignalKDelta | undefined {
  const kept = (updates ?? [])
    .map((update) => ({
      $source: sourceOf(update.source ?? {}),
      timestamp: update.timestamp ?? new Date().toISOString(),
      // AIS targets and other vessels are out of scope; only this vessel's values are kept.
      values: (update.values ?? []).filter((value) => typeof value.path === 'string' && value.path !== ''),
    }))
    .filter((update) => update.values.length > 0);
  return kept.length > 0 ? { context: 'vessels.self', updates: kept } : undefined;
}

/**
 * NMEA 2000 through canboatjs and n2k-signalk, this vessel's updates as n2k-signalk writes them
 * (`source` objects); one per stream, since fast-packet PGNs span several frames.
 */
export function n2kUpdates(): (line: string) => DecodedUpdate[] | undefined {
  const parser = new FromPgn({ checkForInvalidFields: true });
  // Without a listener the parser's warnings (unknown PGNs) would be thrown as 'error' events.
  parser.on('warning', () => undefined);
  parser.on('error', () => undefined);
  const mapper = new N2kMapper({});
  return (line) => {
    const text = line.trim();
    if (text === '' || text.startsWith('#')) return undefined;
    const pgn = parser.parseString(text);
    if (!pgn) return undefined;
    const delta = mapper.toDelta(pgn) as { context?: string; updates?: DecodedUpdate[] } | undefined;
    if (!delta || (delta.context !== undefined && delta.context !== 'vessels.self')) return undefined;
    return delta.updates;
  };
}

/** NMEA 2000: one decoder per stream, each update's source named `n2k.<address>`. */
export function n2kDecoder(): LineDecoder {
  const updatesOf = n2kUpdates();
  return (line) => {
    const updates = updatesOf(line);
    return updates && deltaOf(updates, (source) => `n2k.${String(source.src ?? 'unknown')}`);
  };
}

/** NMEA 0183: sentences with a bad checksum or of an unknown type are skipped. */
export function nmea0183Decoder(): LineDecoder {
  const parser = new Nmea0183Parser({});
  return (line) => {
    const text = line.trim();
    if (!text.startsWith('$') && !text.startsWith('!')) return undefined;
    try {
      const delta = parser.parse(text) as { context?: string; updates?: DecodedUpdate[] } | null;
      if (!delta || (delta.context !== undefined && delta.context !== 'vessels.self')) return undefined;
      return deltaOf(delta.updates, (source) => `nmea0183.${String(source.talker ?? 'unknown')}`);
    } catch {
      return undefined;
    }
  };
}
