/** A vessel's audit log: who did what on board and through the cloud (auditLogs VIEW). */
import type { Database } from '../../../db/knex.js';
import { type AuditFilter, pageAudit } from '../../../platform/audit.js';
import type { PageRequest } from '../../../platform/pagination.js';

export class VesselLogService {
  constructor(private readonly db: Database) {}

  /** The latest 200 records, newest first. */
  async latest(vesselId: number) {
    return (await pageAudit(this.db, { page: 0, size: 200, sort: 'at,desc', filter: { vesselId } })).content;
  }

  /** A page of the vessel's records; the filter's vessel is always this one. */
  page(vesselId: number, request: PageRequest<AuditFilter>) {
    return pageAudit(this.db, { ...request, filter: { ...request.filter, vesselId } });
  }
}
