import type { ReqRefDefaults } from '@hapi/hapi';
import { defineRoute } from '../../../../platform/routes.js';
import type { CompanyKind } from '../../repository.js';
import type { OrgService } from '../../service.js';

/** GET company/manufacturers, company/dealers and company/contractors: the public catalogue, for every signed-in user. */
const companiesOfKind = (path: string, kind: CompanyKind, description: string) => (org: OrgService) =>
  defineRoute<ReqRefDefaults>({
    method: 'GET',
    path,
    options: { tags: ['api', 'catalogue'], description, handler: () => org.companiesOfKind(kind) },
  });

export const manufacturers = companiesOfKind('/api/company/manufacturers', 'manufacturer', 'Vessel manufacturers');
export const dealers = companiesOfKind('/api/company/dealers', 'dealer', 'Dealers');
export const contractors = companiesOfKind('/api/company/contractors', 'contractor', 'Contractors');
