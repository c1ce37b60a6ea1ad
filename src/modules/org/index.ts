/**
 * The org module: companies (dealers, manufacturers, contractors), their staff, clients and
 * relationships, the company fleet, and the catalogue of manufacturers and vessel models.
 */
import type { Plugin } from '@hapi/hapi';
import type { ModuleOptions } from '../../platform/context.js';
import type { OrgApi } from './api.js';
import { ClientsService } from './clients-service.js';
import type { VesselDirectory } from './directory.js';
import { FleetService } from './fleet-service.js';
import { NetworkService } from './network-service.js';
import { contractors, dealers, manufacturers } from './routes/catalogue/companies.js';
import { deviceManufacturers } from './routes/catalogue/device-manufacturers.js';
import { manufacturerModels } from './routes/catalogue/manufacturer-models.js';
import { vesselModel } from './routes/catalogue/vessel-model.js';
import { vesselModels } from './routes/catalogue/vessel-models.js';
import { addClientNote } from './routes/clients/add-note.js';
import { addClient } from './routes/clients/add.js';
import { deleteClientNote } from './routes/clients/delete-note.js';
import { clientDetails } from './routes/clients/details.js';
import { listClients } from './routes/clients/list.js';
import { clientNotes } from './routes/clients/notes.js';
import { removeClient } from './routes/clients/remove.js';
import { resendClientInvite } from './routes/clients/resend-invite.js';
import { clientVessels } from './routes/clients/vessels.js';
import { contacts } from './routes/contacts/contacts.js';
import { companyFleet } from './routes/fleet/fleet.js';
import { modelStats } from './routes/fleet/model-stats.js';
import { modelVessel } from './routes/fleet/model-vessel.js';
import { modelVessels } from './routes/fleet/model-vessels.js';
import { acceptInvitation } from './routes/invitations/accept.js';
import { declineInvitation } from './routes/invitations/decline.js';
import { myInvitations } from './routes/invitations/list.js';
import { currentUserPerms } from './routes/organisation/current-user-perms.js';
import { myOrganisation } from './routes/organisation/my-organisation.js';
import { staffPermissions } from './routes/organisation/permissions.js';
import { acceptRelationship } from './routes/relationships/accept.js';
import { createRelationship } from './routes/relationships/create.js';
import { listRelationships } from './routes/relationships/list.js';
import { removeRelationship } from './routes/relationships/remove.js';
import { editStaffMember } from './routes/staff/edit.js';
import { inviteStaff } from './routes/staff/invite.js';
import { adminCompanyDetail } from './routes/admin/company-detail.js';
import { inviteFirstAdministrator } from './routes/admin/first-administrator.js';
import { adminVesselCompanyGrants } from './routes/admin/vessel-company-grants.js';
import { listStaff } from './routes/staff/list.js';
import { pauseStaff } from './routes/staff/pause.js';
import { removeStaff } from './routes/staff/remove.js';
import { resendStaffInvite } from './routes/staff/resend-invite.js';
import { OrgService } from './service.js';
import { StaffService } from './staff-service.js';

declare module '@hapi/hapi' {
  interface PluginProperties {
    /** What the CLI asks of the org module. */
    org: { api: OrgApi };
  }
}

export interface OrgModuleOptions extends ModuleOptions {
  vessels: VesselDirectory;
}

export const orgModule: Plugin<OrgModuleOptions> = {
  name: 'org',
  dependencies: ['auth', 'access'],
  register(server, { ctx, vessels }) {
    const clock = ctx.clock;
    const people = server.plugins.auth.api;
    const org = new OrgService(ctx.db, people);
    const staff = new StaffService(ctx.db, people, ctx.events, clock);
    const clients = new ClientsService(ctx.db, people, vessels, clock);
    const network = new NetworkService(ctx.db, people, clock);
    const fleet = new FleetService(ctx.db, people, vessels, () => server.plugins.access.api, clock);
    // Invitations e-mail people: at most 30 an hour per staff member.
    const invitations = ctx.limits.limiter('org.invitations', { points: 30, windowSeconds: 3600 }, 'Too many invitations. Please try again later.');
    server.expose('api', {
      inviteFirstAdministrator: (companyId, email, invitedBy) => staff.inviteFirstAdministrator(companyId, email, invitedBy),
    } satisfies OrgApi);
    server.route([
      myOrganisation(org),
      currentUserPerms(org),
      staffPermissions(),
      manufacturers(org),
      deviceManufacturers(),
      dealers(org),
      contractors(org),
      manufacturerModels(org),
      vesselModels(org),
      vesselModel(org),
      listClients(clients),
      clientDetails(clients),
      clientVessels(clients),
      clientNotes(clients),
      addClient(clients, invitations),
      resendClientInvite(clients, invitations),
      removeClient(clients),
      addClientNote(clients),
      deleteClientNote(clients),
      listStaff(staff),
      inviteStaff(staff, invitations),
      inviteFirstAdministrator(staff, invitations),
      adminCompanyDetail(ctx.db, staff, () => server.plugins.access.api, clock),
      adminVesselCompanyGrants(ctx.db, clock),
      resendStaffInvite(staff, invitations),
      pauseStaff(staff),
      removeStaff(staff),
      editStaffMember(staff),
      contacts(network),
      listRelationships(network),
      createRelationship(network),
      acceptRelationship(network),
      removeRelationship(network),
      myInvitations(network),
      acceptInvitation(network),
      declineInvitation(network),
      companyFleet(fleet),
      modelStats(fleet),
      modelVessels(fleet),
      modelVessel(fleet),
    ]);
  },
};
