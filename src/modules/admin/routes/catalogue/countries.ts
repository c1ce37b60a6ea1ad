import type { ReqRefDefaults } from '@hapi/hapi';
import type { Db } from '../../../../db/knex.js';
import { defineRoute } from '../../../../platform/routes.js';
import { countries as listCountries } from '../../../utility/api.js';
import { adminOnly } from '../admin-only.js';

/** GET admin/countries: the utility module's list, under the admin area. */
export const countries = (db: Db) =>
  defineRoute<ReqRefDefaults>({
    method: 'GET',
    path: '/api/admin/countries',
    options: { auth: adminOnly, tags: ['api', 'admin'], description: 'Countries', handler: () => listCountries(db) },
  });
