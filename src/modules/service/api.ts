/**
 * What others may ask of the service module (`server.plugins.service.api`): the admin CLI's
 * services due of a company, across the vessels its grants reach.
 */
import type { ServiceDueEntry } from '../../../contracts/service.js';

export type { ServiceDueEntry } from '../../../contracts/service.js';

export interface ServiceApi {
  servicesDueOfCompany(companyId: number): Promise<ServiceDueEntry[]>;
}
