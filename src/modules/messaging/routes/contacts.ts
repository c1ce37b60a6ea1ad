import type { ReqRefDefaults } from '@hapi/hapi';
import { callerOf, defineRoute } from '../../../platform/routes.js';
import type { MessagingService } from '../service.js';

/** GET messages/contacts: the people the caller may message, and why. */
export const listContacts = (svc: MessagingService) =>
  defineRoute<ReqRefDefaults>({
    method: 'GET',
    path: '/api/messages/contacts',
    options: {
      tags: ['api', 'messages'],
      description: 'The people you may message: crew of your vessels, companies working on them, your company’s staff and clients',
      handler: (request) => svc.contactsOf(callerOf(request).id),
    },
  });
