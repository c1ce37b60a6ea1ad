/**
 * The service module: maintenance schedules of vessels (by engine run hours, by calendar or
 * both), their log, reminders before items fall due, a company's services due across its
 * clients' vessels (docs/api.md, "Service schedules"), and service requests from an alarm
 * (docs/api.md, "Service requests").
 */
import type { Plugin } from '@hapi/hapi';
import type { ModuleOptions } from '../../platform/context.js';
import type { ServiceApi } from './api.js';
import { CompanyServicesDue } from './company-due.js';
import { ServiceReminders } from './reminders.js';
import { ServiceRequests } from './requests.js';
import { addServiceItem } from './routes/add.js';
import { adminCompanyServicesDue } from './routes/admin/company-due.js';
import { companyServicesDue } from './routes/company-due.js';
import { completeServiceItem } from './routes/complete.js';
import { deleteServiceItem } from './routes/delete.js';
import { editServiceItem } from './routes/edit.js';
import { serviceLog } from './routes/log.js';
import { askCompany } from './routes/requests/ask.js';
import { companyServiceRequests } from './routes/requests/company.js';
import { markServiceRequestDone } from './routes/requests/done.js';
import { vesselServiceRequests } from './routes/requests/vessel.js';
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
  dependencies: ['auth', 'access', 'org', 'messaging'],
  register(server, { ctx }) {
    const clock = ctx.clock;
    const schedules = new ServiceSchedules(ctx.db, clock);
    const due = new CompanyServicesDue(ctx.db, schedules, clock, () => server.plugins.access.api);
    const requests = new ServiceRequests(ctx.db, clock, {
      access: () => server.plugins.access.api,
      messaging: () => server.plugins.messaging.api,
      usersByIds: (ids) => server.plugins.auth.api.usersByIds(ids),
    });
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
      vesselServiceRequests(requests),
      askCompany(requests),
      companyServiceRequests(requests),
      markServiceRequestDone(requests),
    ]);
  },
};
