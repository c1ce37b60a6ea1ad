import type { ReqRefDefaults } from '@hapi/hapi';
import { callerOf, defineRoute } from '../../../platform/routes.js';
import type { CompanyServicesDue } from '../company-due.js';

/** GET org/servicesDue: the company's services due across its clients' vessels, overdue first (useTechnicalAccess). */
export const companyServicesDue = (due: CompanyServicesDue) =>
  defineRoute<ReqRefDefaults>({
    method: 'GET',
    path: '/api/org/servicesDue',
    options: {
      tags: ['api', 'service'],
      description: 'Services due on your company’s vessels',
      async handler(request) {
        return due.ofCaller(callerOf(request).id);
      },
    },
  });
