/**
 * The vessel module: vessels, their members and companies (grants kept by the access module),
 * pairing, notes, documents and the vessel audit log (the geofence and the cameras have modules of their own).
 */
import type { Plugin } from '@hapi/hapi';
import type { ModuleOptions } from '../../platform/context.js';
import type { AlertCounts } from './vessels/view.js';
import type { PairingEnd } from './pairing/end.js';
import { ACCESS_REQUEST_LIMIT, AccessRequestsService } from './access-requests/service.js';
import { requestAccess } from './routes/access-requests/ask.js';
import { declineAccessRequest } from './routes/access-requests/decline.js';
import { listAccessRequests } from './routes/access-requests/list.js';
import { DocumentsService } from './documents/service.js';
import { VesselLogService } from './logs/service.js';
import { notifyFirstCompanyUse } from './members/first-use.js';
import { MembersService } from './members/service.js';
import { NotesService } from './notes/service.js';
import { PAIRING_LIMIT, PairingService } from './pairing/service.js';
import { addCompany } from './routes/companies/add.js';
import { editCompany } from './routes/companies/edit.js';
import { pauseCompany } from './routes/companies/pause.js';
import { revokeCompany } from './routes/companies/revoke.js';
import { documentCategories } from './routes/documents/categories.js';
import { deleteDocument } from './routes/documents/delete.js';
import { downloadDocument } from './routes/documents/download.js';
import { listDocuments } from './routes/documents/list.js';
import { documentStorage } from './routes/documents/storage.js';
import { adminVesselsPage } from './routes/admin/page.js';
import { uploadDocument } from './routes/documents/upload.js';
import { vesselLogPage } from './routes/logs/log-page.js';
import { vesselLog } from './routes/logs/vessel-log.js';
import { acceptInvite } from './routes/members/accept-invite.js';
import { INVITATION_LIMIT, addUser } from './routes/members/add-user.js';
import { vesselDirectory } from './routes/members/directory.js';
import { editPermissions } from './routes/members/edit-permissions.js';
import { grantPermissions } from './routes/members/grant.js';
import { pauseMember } from './routes/members/pause.js';
import { pendingInvitations } from './routes/members/pending.js';
import { vesselPermissions } from './routes/members/permissions.js';
import { revokeMember } from './routes/members/revoke.js';
import { createNote } from './routes/notes/create.js';
import { deleteNote } from './routes/notes/delete.js';
import { listNotes } from './routes/notes/list.js';
import { completeClientUnlink } from './routes/pairing/complete-client-unlink.js';
import { pairBridge } from './routes/pairing/pair.js';
import { unlinkClient } from './routes/pairing/unlink-client.js';
import { listVessels } from './routes/vessels/basic.js';
import { confirmVesselDeletion } from './routes/vessels/confirm-delete.js';
import { createVesselWithImage } from './routes/vessels/create-with-image.js';
import { createVessel } from './routes/vessels/create.js';
import { currentUserPermissions } from './routes/vessels/current-user-perms.js';
import { requestVesselDeletion } from './routes/vessels/delete.js';
import { editVessel } from './routes/vessels/edit.js';
import { getVessel } from './routes/vessels/get.js';
import { getVesselImage } from './routes/vessels/image.js';
import { setVesselImage } from './routes/vessels/set-image.js';
import { setVesselToggle, VESSEL_TOGGLES } from './routes/vessels/toggle.js';
import { listUserTypes } from './routes/vessels/user-types.js';
import { VesselService } from './vessels/service.js';

export interface VesselModuleOptions extends ModuleOptions {
  /** The alerts module's count of active alerts per vessel, for the fleet view. */
  activeAlertCounts: AlertCounts;
  /** Ends a vessel's pairing with what its bridge reported (composed by server.ts from the modules that keep bridge data). */
  pairingEnd: PairingEnd;
}

export const vesselModule: Plugin<VesselModuleOptions> = {
  name: 'vessel',
  dependencies: ['auth', 'access'],
  register(server, { ctx, activeAlertCounts, pairingEnd }) {
    const auth = server.plugins.auth.api;
    const access = server.plugins.access.api;
    const vessels = new VesselService(ctx.db, access, auth, activeAlertCounts, ctx.events, pairingEnd, ctx.clock);
    const members = new MembersService(ctx.db, access.grants, auth, () => ctx.clock.now());
    const pairing = new PairingService(
      ctx.db,
      auth,
      ctx.limits.limiter('pairing-code', PAIRING_LIMIT, 'Too many pairing attempts. Please try again later.'),
      ctx.events,
      pairingEnd,
    );
    const requests = new AccessRequestsService(
      ctx.db,
      access.grants,
      auth,
      ctx.mail,
      ctx.limits.limiter('access-request', ACCESS_REQUEST_LIMIT, 'Too many requests for access. Please try again later.'),
    );
    const documents = new DocumentsService(ctx.db);
    const notes = new NotesService(ctx.db, auth);
    const log = new VesselLogService(ctx.db);
    const firstUse = notifyFirstCompanyUse(ctx, auth);
    ctx.events.on('company.firstUse', (use) => {
      firstUse(use).catch((err: unknown) => ctx.log.error('first-use notice failed', { error: err }));
    });
    server.route([
      listVessels(vessels),
      listUserTypes(),
      getVessel(vessels),
      currentUserPermissions(),
      createVessel(vessels),
      createVesselWithImage(vessels, ctx.config),
      editVessel(vessels),
      getVesselImage(vessels),
      setVesselImage(vessels, ctx.config),
      ...VESSEL_TOGGLES.map((toggle) => setVesselToggle(vessels, toggle)),
      requestVesselDeletion(vessels),
      confirmVesselDeletion(vessels),

      vesselDirectory(members),
      vesselPermissions(members),
      pendingInvitations(members),
      addUser(members, {
        byInviter: ctx.limits.limiter('vessel.invitations.inviter', INVITATION_LIMIT, 'Too many invitations. Please try again later.'),
        byVessel: ctx.limits.limiter('vessel.invitations.vessel', INVITATION_LIMIT, 'Too many invitations to this vessel. Please try again later.'),
      }),
      acceptInvite(access.grants),
      grantPermissions(requests),
      editPermissions(access.grants),
      revokeMember(access.grants),
      pauseMember(access.grants),
      requestAccess(requests, ctx.config.publicUrl),
      listAccessRequests(requests),
      declineAccessRequest(requests),

      addCompany(members),
      editCompany(access.grants),
      pauseCompany(access.grants),
      revokeCompany(access.grants),

      pairBridge(pairing),
      unlinkClient(pairing),
      completeClientUnlink(pairing),

      documentCategories(documents),
      listDocuments(documents),
      documentStorage(documents),
      adminVesselsPage(vessels, auth),
      uploadDocument(documents, ctx.config),
      downloadDocument(documents),
      deleteDocument(documents),

      listNotes(notes),
      createNote(notes),
      deleteNote(notes),

      vesselLog(log),
      vesselLogPage(log),
    ]);
  },
};
