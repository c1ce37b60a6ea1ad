/**
 * The text formats of downloads (docs/api.md, "Exports"): CSV fields (RFC 4180), GPX 1.1 track
 * points, file-name slugs, and lines gathered into chunks. The devices module's one-property
 * exports and the export module's whole record write them alike.
 */
import { Readable } from 'node:stream';

/** RFC 4180: a field with a comma, quote or line break is quoted, its quotes doubled. */
export function csvField(text: string): string {
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvValue(value: unknown): string {
  if (value === null || value === undefined) return '';
  return csvField(typeof value === 'object' ? JSON.stringify(value) : String(value));
}

export const xml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export const GPX_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n<gpx version="1.1" creator="Vessel Link" xmlns="http://www.topografix.com/GPX/1/1">\n';
export const gpxTrackStart = (name: string) => `<trk><name>${xml(name)}</name><trkseg>\n`;
export const gpxPoint = (p: { lat: number; lon: number; timestamp: string }) => `<trkpt lat="${p.lat}" lon="${p.lon}"><time>${p.timestamp}</time></trkpt>\n`;
export const GPX_TAIL = '</trkseg></trk>\n</gpx>\n';

export const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export const slug = (text: string, fallback: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '') || fallback;

/** Lines joined into chunks of about 64 KiB: one write per line would cost more than the line. */
export async function* chunksOf(lines: AsyncIterable<string>): AsyncGenerator<Buffer> {
  let chunk = '';
  for await (const line of lines) {
    chunk += line;
    if (chunk.length >= 65_536) {
      yield Buffer.from(chunk);
      chunk = '';
    }
  }
  if (chunk) yield Buffer.from(chunk);
}

export const textStream = (lines: AsyncIterable<string>): Readable => Readable.from(chunksOf(lines), { objectMode: false });
