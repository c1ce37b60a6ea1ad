import { defineRoute } from '../../../platform/routes.js';
import type { ErrorReports } from '../error-reports.js';
import { errorReport, type ErrorReport } from '../schemas.js';

/** POST utility/error: signed in or not (public pages fail too); limited per user or address. */
export const storeErrorReport = (reports: ErrorReports) =>
  defineRoute<{ Payload: ErrorReport }>({
    method: 'POST',
    path: '/api/utility/error',
    options: {
      auth: { mode: 'optional' },
      tags: ['api', 'utility'],
      description: 'Store an error report from the interface (docs/product.md §3); the comment is optional; 429 over the limit',
      validate: { payload: errorReport },
      handler(request) {
        const user = request.auth.credentials?.user;
        return reports.store(request.payload, user ? { user } : { address: request.info.remoteAddress });
      },
    },
  });
