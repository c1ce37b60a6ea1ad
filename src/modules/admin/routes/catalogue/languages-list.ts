import type { ReqRefDefaults } from '@hapi/hapi';
import type { Db } from '../../../../db/knex.js';
import { defineRoute } from '../../../../platform/routes.js';
import { languages } from '../../../utility/api.js';
import { adminOnly } from '../admin-only.js';

/** GET admin/userLanguages: the languages users can choose. */
export const listLanguages = (db: Db) =>
  defineRoute<ReqRefDefaults>({
    method: 'GET',
    path: '/api/admin/userLanguages',
    options: { auth: adminOnly, tags: ['api', 'admin'], description: 'Languages users can choose', handler: () => languages(db) },
  });
