/**
 * The export of a vessel's whole record (docs/api.md, "Export"): one tar archive, streamed.
 *
 *   vessel.json                          the record: every section the caller may read (ExportRecord)
 *   documents/<id>-<name>                each document's file, as uploaded
 *   track/<YYYY-MM>.gpx                  the track, a GPX 1.1 file a month (UTC)
 *   history/<propertyId>-<name>/<YYYY-MM>.csv   a property's values, `time,value` a month (UTC, SI units)
 *   manifest.json                        last: every entry with its bytes (and rows), `complete: true`
 *
 * An archive without manifest.json was cut short.
 */

export const EXPORT_FORMAT = 'vessel-link-export';
export const EXPORT_VERSION = 1;

/** A section the caller may not read, or that failed, with the API's answer to it. */
export interface OmittedSection {
  section: string;
  status: number;
  message: string;
}

/** vessel.json: each section as the API answers it to the caller (docs/api.md). */
export interface ExportRecord {
  format: typeof EXPORT_FORMAT;
  version: typeof EXPORT_VERSION;
  exportedAt: string;
  exportedBy: { userId: number; email: string };
  vesselId: number;
  /** Section name → the `data` of its call: vessel, devices, alarmSettings, customAlerts, alerts, alertHistory, alertLog, notes, service, serviceLog, serviceRequests, members, documents, routines, geofence. */
  sections: Record<string, unknown>;
  omitted: OmittedSection[];
}

export interface ManifestEntry {
  name: string;
  bytes: number;
  /** CSV: values; GPX: track points. */
  rows?: number;
  /** history entries: the property they hold. */
  propertyId?: number;
  path?: string;
  units?: string | null;
  /** documents entries: the document they hold. */
  documentId?: number;
}

/** manifest.json, the archive's last entry. */
export interface ExportManifest {
  format: typeof EXPORT_FORMAT;
  version: typeof EXPORT_VERSION;
  vesselId: number;
  startedAt: string;
  finishedAt: string;
  /** History and track reach back to here: an unsubscribed vessel's only as far as its terms allow. */
  historyFrom: string | null;
  entries: ManifestEntry[];
  complete: true;
}
