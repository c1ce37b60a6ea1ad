import { defineRoute } from '../../../../platform/routes.js';

const USER_TYPES = [
  { code: 'owner', name: 'Owner', description: 'Owns the vessel and holds every permission' },
  { code: 'member', name: 'Member', description: 'An invited person (crew, family, captain) with the permissions the owner grants' },
  { code: 'company', name: 'Company', description: 'A dealer, contractor or manufacturer with technical access' },
];

/** GET vessel/userTypes: the kinds of people and companies a vessel can have. */
export const listUserTypes = () =>
  defineRoute({
    method: 'GET',
    path: '/api/vessel/userTypes',
    options: { tags: ['api', 'vessel'], description: 'The kinds of vessel users', handler: () => USER_TYPES },
  });
