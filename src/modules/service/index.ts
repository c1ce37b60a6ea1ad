/**
 * The service module: maintenance schedules of vessels (by engine run hours, by calendar or
 * both), their log, reminders before items fall due, and a company's services due across its
 * clients' vessels (docs/api.md, "Service schedules").
 */
import type { Plugin } from '@hapi/hapi';
import type { ModuleOptions } from '../../platform/context.js';
import type { ServiceApi } from './api.js';
import { CompanyServicesDue } from './company-due.js';
import { ServiceReminders } from './reminders.js';
import { addServiceItem } from './routes/add.js';
import { adminCompanyServicesDue } from './routes/admin/company-due.js';
import { companyServicesDue } from './routes/company-due.js';
import { completeServiceItem } from './routes/complete.js';
import { deleteServiceItem } from './routes/delete.js';
import { editServiceItem } from './routes/edit.js';
import { serviceLog } from './routes/log.js';
import { serviceSchedule } from './routes/schedule.js';
import { ServiceSchedules } from './schedules.js';

declare module '@hapi/hapi' {
  interface PluginProperties {
    /** The reminder check, and what the CLI asks. */
    service: { reminders: ServiceReminders; api: ServiceApi };
  }
}

/** How often reminders are looked for: a reminder goes out at most this late. */
const REMINDER_CHECK_MS = 10 * 60 * 1000;

export const serviceModule: Plugin<ModuleOptions> = {
  name: 'service',
  dependencies: ['auth', 'access', 'org'],
  register(server, { ctx }) {
    const clock = ctx.clock;
    const schedules = new ServiceSchedules(ctx.db, clock);
    const due = new CompanyServicesDue(ctx.db, schedules, clock, () => server.plugins.access.api);
    const reminders = new ServiceReminders(ctx.db, schedules, ctx.mail, server.plugins.auth.api, ctx.config.publicUrl);
    server.expose('reminders', reminders);
    server.expose('api', { servicesDueOfCompany: (companyId: number) => due.ofCompany(companyId) });

    ctx.scheduler.every('service.reminders', REMINDER_CHECK_MS, () => reminders.check());

    server.route([
      serviceSchedule(schedules),
      serviceLog(schedules),
      addServiceItem(schedules),
      editServiceItem(schedules),
      deleteServiceItem(schedules),
      completeServiceItem(schedules),
      companyServicesDue(due),
      adminCompanyServicesDue(due),
    ]);
  },
};
