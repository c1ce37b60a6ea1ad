import { defineRoute } from '../../../../platform/routes.js';
import { USER_TYPES } from '../../../vessel/api.js';
import { adminOnly } from '../admin-only.js';

/** GET admin/userTypes: the kinds of vessel users (the same list as vessel/userTypes). */
export const listUserTypes = () =>
  defineRoute({
    method: 'GET',
    path: '/api/admin/userTypes',
    options: { auth: adminOnly, tags: ['api', 'admin'], description: 'The kinds of vessel users', handler: () => USER_TYPES },
  });
