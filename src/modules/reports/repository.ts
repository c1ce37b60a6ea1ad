/** The reports module's table: which vessel's monthly alarm report has gone out for which month. */
import type { Db } from '../../db/knex.js';

/**
 * Claims the mailing of a vessel's report of a month: true only for the one caller whose row
 * went in (the primary key refuses a second), so the report is mailed once, whichever node asks.
 */
export async function claimMailing(db: Db, vesselId: number, month: string, at: string): Promise<boolean> {
  try {
    await db('alarm_report_mailings').insert({ vessel_id: vesselId, month, sent_at: at });
    return true;
  } catch {
    return false;
  }
}
