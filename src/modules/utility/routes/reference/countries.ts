import type { ReqRefDefaults } from '@hapi/hapi';
import type { Db } from '../../../../db/knex.js';
import { defineRoute } from '../../../../platform/routes.js';
import { countries as listCountries } from '../../repository.js';

/** GET utility/countries: public, the registration form needs it. */
export const countries = (db: Db) =>
  defineRoute<ReqRefDefaults>({
    method: 'GET',
    path: '/api/utility/countries',
    options: { auth: false, tags: ['api', 'utility'], description: 'Countries (ISO 3166 codes)', handler: () => listCountries(db) },
  });
