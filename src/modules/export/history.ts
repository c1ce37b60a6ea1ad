/**
 * The history part of an export: each property's values as CSV and the track as GPX, a file a
 * calendar month (UTC). A tar entry names its size before its bytes, so each month is written to
 * a temporary file first and then copied into the archive: memory holds one window of samples
 * (the telemetry module reads an hour at a time) as one piece of text, the disk one month of one
 * property.
 */
import { open, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { ManifestEntry } from '../../../contracts/export.js';
import type { Database } from '../../db/knex.js';
import type { ArchiveStream } from '../../platform/backup/archive.js';
import { csvValue, GPX_HEAD, GPX_TAIL, gpxPoint, gpxTrackStart, slug } from '../../platform/download-formats.js';
import { historyExtent, historyWindows, type LocationRow, positionWindows, type SampleColumns, trackExtent } from '../telemetry/api.js';
import type { RecordDevice } from './record.js';

export interface HistoryTarget {
  db: Database;
  archive: ArchiveStream;
  /** A directory of the export's own, removed when it ends. */
  scratch: string;
  bridgeId: number;
  /** History reaches back to here and up to here. */
  fromMs: number;
  toMs: number;
  entries: ManifestEntry[];
}

/** No character past U+007F: nothing latin1 and UTF-8 would write differently. */
const ASCII = /^[^\u0080-\uffff]*$/;
const PIECE_BYTES = 1024 * 1024;
/** How much history a window reads: six hours, 21,600 samples at 1 Hz (the telemetry module's default is one). */
const WINDOW_MS = 6 * 3600_000;

/** The calendar months (UTC) that [fromMs, toMs] touches: each one's first and last millisecond in the range, and its name. */
export function* monthsOf(fromMs: number, toMs: number): Generator<{ fromMs: number; toMs: number; name: string }> {
  const at = new Date(fromMs);
  let start = Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), 1);
  while (start <= toMs) {
    const month = new Date(start);
    const next = Date.UTC(month.getUTCFullYear(), month.getUTCMonth() + 1, 1);
    yield { fromMs: Math.max(start, fromMs), toMs: Math.min(next - 1, toMs), name: month.toISOString().slice(0, 7) };
    start = next;
  }
}

/**
 * Writes a head, the windows' text and a tail to a file of the scratch directory, copies it into
 * the archive under `name` and removes it; a month without rows is left out.
 */
async function addMonth<W>(
  target: HistoryTarget,
  name: string,
  text: { head: string; windows: AsyncIterable<W>; render: (window: W) => { text: string; rows: number }; tail: string },
  entry: Omit<ManifestEntry, 'name' | 'bytes'>,
) {
  const path = join(target.scratch, 'month');
  const file = await open(path, 'w', 0o600);
  let bytes = 0;
  let rows = 0;
  // Written in pieces of about a mebibyte: a write a window would cost more than its text.
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  const flush = async () => {
    if (!pendingBytes) return;
    await file.write(pending.length === 1 ? pending[0] : Buffer.concat(pending, pendingBytes));
    bytes += pendingBytes;
    pending = [];
    pendingBytes = 0;
  };
  const write = async (piece: string) => {
    // Times and numbers are ASCII, which latin1 encodes as it is and faster than UTF-8 does.
    const buffer = ASCII.test(piece) ? Buffer.from(piece, 'latin1') : Buffer.from(piece);
    pending.push(buffer);
    pendingBytes += buffer.length;
    if (pendingBytes >= PIECE_BYTES) await flush();
  };
  try {
    await write(text.head);
    for await (const window of text.windows) {
      const piece = text.render(window);
      rows += piece.rows;
      await write(piece.text);
    }
    await write(text.tail);
    await flush();
  } finally {
    await file.close();
  }
  if (rows) {
    await target.archive.addFile(name, path);
    target.entries.push({ name, bytes, rows, ...entry });
  }
  await rm(path, { force: true });
}

/**
 * A time in ISO 8601 (UTC, milliseconds) as `Date.toISOString` writes it, with the part up to the
 * minute made once a minute: a year at 1 Hz is 31.5 million of them, and a Date each cost more
 * than the rest of the row.
 */
function isoTimes(): (ms: number) => string {
  let minute = NaN;
  let prefix = '';
  return (ms) => {
    const m = Math.floor(ms / 60_000);
    if (m !== minute) {
      minute = m;
      prefix = new Date(m * 60_000).toISOString().slice(0, 17);
    }
    const rest = ms - m * 60_000;
    const seconds = Math.floor(rest / 1000);
    const millis = rest - seconds * 1000;
    return `${prefix}${seconds < 10 ? '0' : ''}${seconds}.${millis < 10 ? '00' : millis < 100 ? '0' : ''}${millis}Z`;
  };
}

/** A window's samples as CSV rows: each time, and its value (a number as it is, anything else as csvValue writes it). */
function csvRows(): (window: SampleColumns) => { text: string; rows: number } {
  const iso = isoTimes();
  return ({ times, values }) => {
    let text = '';
    for (let i = 0; i < times.length; i++) {
      const value = values[i];
      text += `${iso(times[i])},${typeof value === 'number' ? value : csvValue(value)}\r\n`;
    }
    return { text, rows: times.length };
  };
}

/** A window of positions as GPX track points. */
const gpxPoints = (points: LocationRow[]) => ({ text: points.map(gpxPoint).join(''), rows: points.length });

/** history/<propertyId>-<name>/<YYYY-MM>.csv for every property with stored values, in SI units. */
export async function addHistory(target: HistoryTarget, devices: RecordDevice[]): Promise<void> {
  for (const device of devices) {
    for (const property of device.properties) {
      const extent = await historyExtent(target.db, target.bridgeId, property.path);
      if (!extent) continue;
      const folder = `history/${property.id}-${slug(property.displayName, 'property').slice(0, 40)}`;
      for (const month of monthsOf(Math.max(extent.fromMs, target.fromMs), Math.min(extent.toMs, target.toMs))) {
        const windows = historyWindows(target.db, target.bridgeId, property.path, month.fromMs, month.toMs, WINDOW_MS);
        await addMonth(
          target,
          `${folder}/${month.name}.csv`,
          { head: 'time,value\r\n', windows, render: csvRows(), tail: '' },
          { propertyId: property.id, path: property.path, units: property.units },
        );
      }
    }
  }
}

/** track/<YYYY-MM>.gpx: the positions the vessel reported, a track segment a month. */
export async function addTrack(target: HistoryTarget, vesselName: string): Promise<void> {
  const extent = await trackExtent(target.db, target.bridgeId);
  if (!extent) return;
  for (const month of monthsOf(Math.max(extent.fromMs, target.fromMs), Math.min(extent.toMs, target.toMs))) {
    const windows = positionWindows(target.db, target.bridgeId, month.fromMs, month.toMs);
    await addMonth(
      target,
      `track/${month.name}.gpx`,
      { head: GPX_HEAD + gpxTrackStart(`${vesselName} ${month.name}`), windows, render: gpxPoints, tail: GPX_TAIL },
      {},
    );
  }
}
