import { defineRoute } from '../../../../platform/routes.js';
import { USER_TYPES } from '../../user-types.js';

/** GET vessel/userTypes: the kinds of people and companies a vessel can have. */
export const listUserTypes = () =>
  defineRoute({
    method: 'GET',
    path: '/api/vessel/userTypes',
    options: { tags: ['api', 'vessel'], description: 'The kinds of vessel users', handler: () => USER_TYPES },
  });
