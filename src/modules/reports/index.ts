/**
 * The reports module: a vessel's monthly alarm report (contracts/alarm-report.ts), as a route and
 * as an e-mail once a month. It owns only which reports went out (`alarm_report_mailings`); the
 * alarms are the alerts module's, the notifications and who gets them the notifications module's,
 * each reached through its api.
 */
import type { Plugin } from '@hapi/hapi';
import type { ModuleOptions } from '../../platform/context.js';
import { MonthlyReportMailing, REPORT_SWEEP_MS } from './mailing.js';
import { AlarmReports } from './report.js';
import { alarmReport } from './routes/alarm-report.js';

declare module '@hapi/hapi' {
  interface PluginProperties {
    reports: { mailing: MonthlyReportMailing };
  }
}

export const reportsModule: Plugin<ModuleOptions> = {
  name: 'reports',
  dependencies: ['auth', 'access', 'alerts', 'notifications'],
  register(server, { ctx }) {
    const usersByIds = server.plugins.auth.api.usersByIds;
    const reports = new AlarmReports(ctx.db, ctx.clock, usersByIds);
    const mailing = new MonthlyReportMailing(ctx, reports, usersByIds);
    server.expose('mailing', mailing);
    ctx.scheduler.every('reports.monthly', REPORT_SWEEP_MS, () => mailing.sweep());
    server.route([alarmReport(reports)]);
  },
};
