import { defineRoute } from '../../../../platform/routes.js';
import type { DocumentsService } from '../../documents/service.js';

/** GET vessel/documentCategories. */
export const documentCategories = (documents: DocumentsService) =>
  defineRoute({
    method: 'GET',
    path: '/api/vessel/documentCategories',
    options: { tags: ['api', 'vessel'], description: 'Document categories', handler: () => documents.categories() },
  });
