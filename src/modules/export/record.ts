/**
 * The record part of an export (vessel.json): each section read through the API's own read call,
 * injected with the caller's credentials (docs/decisions.md, "Export"). A section is exactly what
 * the API answers that caller, checked by that call's own rules, so the export shows members,
 * alarms or documents as the caller may see them and never more; a section the caller may not
 * read is listed as omitted with the API's answer. No module hands its tables to this one.
 */
import type { AuthCredentials, Server } from '@hapi/hapi';
import type { OmittedSection } from '../../../contracts/export.js';

/** Pages of a paged call asked for at most: 200 × 500 = 100,000 entries a section. */
const MAX_PAGES = 500;
const PAGE_SIZE = 200;

interface Call {
  method: 'GET' | 'POST';
  url: string;
  payload?: object;
}

/** The sections every export asks for, by name (contracts/export.ts ExportRecord). */
const SECTIONS: Array<{ name: string; url: (vesselId: number) => string }> = [
  { name: 'vessel', url: (id) => `/api/vessel/${id}` },
  { name: 'devices', url: (id) => `/api/vessel/${id}/devices` },
  { name: 'alarmSettings', url: (id) => `/api/vessel/${id}/alarmSettings` },
  { name: 'customAlerts', url: (id) => `/api/vessel/${id}/customAlerts` },
  { name: 'alerts', url: (id) => `/api/vessel/${id}/alerts` },
  { name: 'notes', url: (id) => `/api/vessel/${id}/notes` },
  { name: 'service', url: (id) => `/api/vessel/${id}/service` },
  { name: 'serviceLog', url: (id) => `/api/vessel/${id}/service/log` },
  { name: 'serviceRequests', url: (id) => `/api/vessel/${id}/serviceRequests` },
  { name: 'members', url: (id) => `/api/vessel/${id}/permissions` },
  { name: 'documents', url: (id) => `/api/vessel/${id}/documents` },
  { name: 'routines', url: (id) => `/api/vessel/${id}/routines` },
  { name: 'geofence', url: (id) => `/api/vessel/${id}/geofence` },
];

export interface RecordDevice {
  id: number;
  name: string;
  properties: Array<{ id: number; path: string; displayName: string; units: string | null }>;
}

export interface RecordDocument {
  id: number;
  name: string;
  mime: string;
  size: number;
}

export type Answer = { ok: true; data: unknown } | { ok: false; status: number; message: string };

/** Reads the API as one caller, in-process. */
export class CallerReads {
  constructor(
    private readonly server: Server,
    private readonly credentials: AuthCredentials,
  ) {}

  private inject(call: Call) {
    return this.server.inject({ ...call, auth: { strategy: 'session', credentials: this.credentials } });
  }

  async json(call: Call): Promise<Answer> {
    const res = await this.inject(call);
    let body: { data?: unknown; message?: string } = {};
    try {
      body = JSON.parse(res.payload) as typeof body;
    } catch {
      // Not JSON: the status says enough.
    }
    if (res.statusCode === 200) return { ok: true, data: body.data };
    return { ok: false, status: res.statusCode, message: body.message ?? res.statusMessage };
  }

  /** Every page of a paged call (`{page, size, filter}` → `{totalElements, content}`). */
  async allPages(url: string, filter: object): Promise<Answer> {
    const content: unknown[] = [];
    for (let page = 0; page < MAX_PAGES; page++) {
      const answer = await this.json({ method: 'POST', url, payload: { page, size: PAGE_SIZE, filter } });
      if (!answer.ok) return answer;
      const data = answer.data as { totalElements: number; content: unknown[] };
      content.push(...data.content);
      if (data.content.length < PAGE_SIZE || content.length >= data.totalElements) break;
    }
    return { ok: true, data: content };
  }

  /** A file as the API sends it, with the name its Content-Disposition gives. */
  async file(url: string): Promise<{ data: Buffer; filename: string | null } | { status: number }> {
    const res = await this.inject({ method: 'GET', url });
    if (res.statusCode !== 200) return { status: res.statusCode };
    const disposition = String(res.headers['content-disposition'] ?? '');
    return { data: res.rawPayload, filename: /filename="([^"]+)"/.exec(disposition)?.[1] ?? null };
  }
}

/** The sections of vessel.json, and what the caller may not read. */
export async function readRecord(reads: CallerReads, vesselId: number): Promise<{ sections: Record<string, unknown>; omitted: OmittedSection[] }> {
  const sections: Record<string, unknown> = {};
  const omitted: OmittedSection[] = [];
  const keep = (name: string, answer: Answer) => {
    if (answer.ok) sections[name] = answer.data;
    else omitted.push({ section: name, status: answer.status, message: answer.message });
  };
  for (const section of SECTIONS) keep(section.name, await reads.json({ method: 'GET', url: section.url(vesselId) }));
  keep('alertHistory', await reads.allPages('/api/alerts/history/page', { vesselId }));
  // The alert log (acknowledgements, notes, silences...) is kept per device.
  const devices = (sections.devices as RecordDevice[] | undefined) ?? [];
  const log: Record<string, unknown> = {};
  for (const device of devices) {
    const answer = await reads.allPages('/api/devices/alertLogs/page', { deviceId: device.id });
    if (!answer.ok) {
      keep('alertLog', answer);
      break;
    }
    log[device.id] = answer.data;
  }
  if (!omitted.some((o) => o.section === 'alertLog')) sections.alertLog = log;
  return { sections, omitted };
}
