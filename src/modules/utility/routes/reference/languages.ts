import type { ReqRefDefaults } from '@hapi/hapi';
import type { Db } from '../../../../db/knex.js';
import { defineRoute } from '../../../../platform/routes.js';
import { languages as listLanguages } from '../../repository.js';

/** GET utility/languages: public, the registration form needs it. */
export const languages = (db: Db) =>
  defineRoute<ReqRefDefaults>({
    method: 'GET',
    path: '/api/utility/languages',
    options: { auth: false, tags: ['api', 'utility'], description: 'Languages the interface offers', handler: () => listLanguages(db) },
  });
