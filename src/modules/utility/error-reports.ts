/**
 * Error reports from the interface (docs/product.md §3). Signed-out pages report too, so anonymous reports
 * are accepted (docs/decisions.md); every reporter, signed in or not, has a budget.
 */
import type { Db } from '../../db/knex.js';
import { redactSecrets } from '../../platform/logger.js';
import type { Limiter, RateLimits } from '../../platform/rate-limit.js';
import * as repo from './repository.js';
import type { ErrorReport } from './schemas.js';

export const ERROR_REPORT_LIMIT = { points: 30, windowSeconds: 15 * 60 } as const;

/** Who sent a report: the session's user, or only an address. */
export type Reporter = { user: { id: number; email: string } } | { address: string };

export class ErrorReports {
  private readonly limit: Limiter;

  constructor(
    private readonly db: Db,
    limits: RateLimits,
  ) {
    this.limit = limits.limiter('utility.errorReports', ERROR_REPORT_LIMIT, 'Too many error reports. Please try again later.');
  }

  async store(report: ErrorReport, reporter: Reporter): Promise<{ id: number }> {
    await this.limit.consume('user' in reporter ? `user:${reporter.user.id}` : `address:${reporter.address}`);
    const user = 'user' in reporter ? reporter.user : null;
    const id = await repo.insertErrorReport(this.db, {
      status: report.status ?? null,
      displayed_msg: report.displayedMsg ?? null,
      timestamp: report.timestamp,
      timezone: report.timezone ?? null,
      platform: report.platform,
      ui_version: report.uiVersion ?? null,
      browser: report.browser ?? null,
      os: report.os ?? null,
      endpoint: report.endpoint ?? null,
      request_data: report.requestData === undefined ? null : JSON.stringify(redactSecrets(report.requestData)),
      comment: report.comment || null,
      // The reporter is who the session says, not who the body claims.
      user_id: user?.id ?? null,
      user_name: user?.email ?? null,
      vessel_id: report.vesselId ?? null,
      vessel_name: report.vesselName ?? null,
      environment: report.environment ?? null,
    });
    return { id };
  }
}
