/**
 * Downloads of a vessel's history (docs/api.md, "Exports"): a property's values as CSV and the
 * track as GPX. Both are written while they are read (the telemetry module reads an hour at a
 * time), so a year of one-second data never sits in memory; the values are converted to the unit
 * system asked for, the caller's own by default, or left in SI.
 */
import type { Readable } from 'node:stream';
import Boom from '@hapi/boom';
import type { Database } from '../../db/knex.js';
import type { Clock } from '../../platform/clock.js';
import { csvField, csvValue, GPX_HEAD, GPX_TAIL, gpxPoint, gpxTrackStart, isoDay, slug, textStream } from '../../platform/download-formats.js';
import { displayUnit, round, type UnitSystem } from '../../../contracts/units.js';
import type { ScopeBridge } from '../access/api.js';
import { DAY_MS, type HistoryAccess, historySamples, positions, rangeOf, requireHistory, showsPosition } from '../telemetry/api.js';
import * as repo from './repository.js';

export type ExportUnits = UnitSystem | 'si';

/** The caller's unit system, for an export that names none. */
export type UnitPreference = (userId: number) => Promise<UnitSystem>;

/** What an export asks of the access module. */
export interface ExportAccess extends HistoryAccess {
  vesselNames(vesselIds: number[]): Promise<Map<number, string>>;
}

export interface ExportRequest {
  vesselId: number;
  bridge: ScopeBridge | null;
  from?: string;
  to?: string;
}

export interface Download {
  filename: string;
  mime: string;
  body: Readable;
}

/** Extra decimals kept beyond what the screen shows: an export feeds spreadsheets, not eyes. */
const EXPORT_EXTRA_DECIMALS = 2;

export class HistoryExports {
  constructor(
    private readonly db: Database,
    private readonly access: ExportAccess,
    private readonly preference: UnitPreference,
    private readonly clock: Clock,
  ) {}

  /** A property of the vessel's bridge as `timestamp,value` rows; another vessel's property is a 404. */
  async propertyCsv(request: ExportRequest & { propertyId: number; userId: number; units?: ExportUnits }): Promise<Download> {
    const property = await repo.findProperty(this.db, request.propertyId);
    if (!property || !request.bridge || property.bridgeId !== request.bridge.id) throw Boom.notFound('Property not found');
    const { fromMs, toMs } = await this.range(request);
    const units = request.units ?? (await this.preference(request.userId));
    const siUnit = property.units;
    const target = units === 'si' ? null : displayUnit(siUnit, units, property.path);
    const convert = (value: unknown) => (target && typeof value === 'number' ? round(target.fromSi(value), target.decimals + EXPORT_EXTRA_DECIMALS) : value);
    const label = target ? target.unit : siUnit;
    const samples = historySamples(this.db, property.bridgeId, property.path, fromMs, toMs);
    async function* lines() {
      yield `timestamp,${csvField(label ? `${property!.displayName} (${label})` : property!.displayName)}\r\n`;
      for await (const [ts, value] of samples) yield `${new Date(ts).toISOString()},${csvValue(convert(value))}\r\n`;
    }
    return { filename: `${slug(property.displayName, 'property')}-${isoDay(fromMs)}.csv`, mime: 'text/csv; charset=utf-8', body: textStream(lines()) };
  }

  /** The track between two times as one GPX 1.1 track segment. */
  async trackGpx(request: ExportRequest): Promise<Download> {
    const { fromMs, toMs } = await this.range(request);
    const vesselName = (await this.access.vesselNames([request.vesselId])).get(request.vesselId) ?? 'Vessel';
    const bridge = request.bridge && (await showsPosition(this.db, request.vesselId)) ? request.bridge : null;
    const points = bridge ? positions(this.db, bridge.id, fromMs, toMs) : (async function* () {})();
    const name = `${vesselName} ${isoDay(fromMs)}`;
    async function* lines() {
      yield GPX_HEAD + gpxTrackStart(name);
      for await (const p of points) yield gpxPoint(p);
      yield GPX_TAIL;
    }
    return { filename: `${slug(vesselName, 'track')}-${isoDay(fromMs)}.gpx`, mime: 'application/gpx+xml', body: textStream(lines()) };
  }

  private async range(request: ExportRequest) {
    const nowMs = this.clock.now();
    const range = rangeOf(request.from, request.to, DAY_MS, nowMs);
    await requireHistory(this.access, request.vesselId, range.fromMs, nowMs);
    return range;
  }
}
