import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api';
import type {
  CatalogueCompany,
  ClientNote,
  ClientVessel,
  ClientView,
  CompanyFleet,
  Contacts,
  Invitation,
  ModelStats,
  ModelVessel,
  ModelVesselDetail,
  MyPermissions,
  Organisation,
  RelationshipView,
  StaffMemberView,
  StaffPermissions,
} from './types';

/** Hierarchical keys: everything of the organisation area sits under ['organisation']. */
export const orgKeys = {
  all: ['organisation'] as const,
  section: (name: string) => ['organisation', name] as const,
  client: (id: number, part: string) => ['organisation', 'clients', id, part] as const,
};

export const organisationQueries = {
  mine: () => queryOptions({ queryKey: orgKeys.all, queryFn: () => api.get<Organisation>('org/myOrganisation') }),
  perms: () => queryOptions({ queryKey: orgKeys.section('perms'), queryFn: () => api.get<MyPermissions>('org/currentUserPerms') }),
  staff: () => queryOptions({ queryKey: orgKeys.section('staff'), queryFn: () => api.get<StaffMemberView[]>('org/staff') }),
  clients: () => queryOptions({ queryKey: orgKeys.section('clients'), queryFn: () => api.get<ClientView[]>('org/clients') }),
  client: (id: number) => queryOptions({ queryKey: orgKeys.client(id, 'details'), queryFn: () => api.get<ClientView>(`org/clients/${id}/details`) }),
  clientVessels: (id: number) => queryOptions({ queryKey: orgKeys.client(id, 'vessels'), queryFn: () => api.get<ClientVessel[]>(`org/clients/${id}/vessels`) }),
  clientNotes: (id: number) => queryOptions({ queryKey: orgKeys.client(id, 'notes'), queryFn: () => api.get<ClientNote[]>(`org/clients/${id}/notes`) }),
  relationships: () => queryOptions({ queryKey: orgKeys.section('relationships'), queryFn: () => api.get<RelationshipView[]>('org/relationships') }),
  contacts: () => queryOptions({ queryKey: orgKeys.section('contacts'), queryFn: () => api.get<Contacts>('org/contacts') }),
  fleet: () => queryOptions({ queryKey: orgKeys.section('fleet'), queryFn: () => api.get<CompanyFleet>('org/fleet') }),
  models: () => queryOptions({ queryKey: orgKeys.section('models'), queryFn: () => api.get<ModelStats[]>('org/models') }),
  modelVessels: (modelId: number) =>
    queryOptions({ queryKey: ['organisation', 'models', modelId] as const, queryFn: () => api.get<ModelVessel[]>(`vesselModels/${modelId}/vessels`) }),
  /** One consenting vessel of the manufacturer's model, read-only. */
  modelVessel: (modelId: number, vesselId: number) =>
    queryOptions({
      queryKey: ['organisation', 'models', modelId, 'vessels', vesselId] as const,
      queryFn: () => api.get<ModelVesselDetail>(`vesselModels/${modelId}/vessels/${vesselId}`),
    }),
  /** The signed-in person's own invitations from companies (also for people without a company). */
  invitations: () => queryOptions({ queryKey: ['invitations', 'companies'] as const, queryFn: () => api.get<Invitation[]>('org/invitations') }),
  companies: () =>
    queryOptions({
      queryKey: ['catalogue', 'companies'] as const,
      queryFn: async () => {
        const [dealers, manufacturers, contractors] = await Promise.all(
          (['dealers', 'manufacturers', 'contractors'] as const).map((kind) =>
            api.get<CatalogueCompany[]>(`company/${kind}`).catch(() => [] as CatalogueCompany[]),
          ),
        );
        return [...dealers, ...manufacturers, ...contractors];
      },
    }),
};

export const organisationActions = {
  addClient: (email: string) => api.post<ClientView>('org/clients/add', undefined, { query: { email } }),
  resendClientInvite: (clientId: number) => api.post<ClientView>('org/clients/resendInvite', undefined, { query: { clientId } }),
  removeClient: (clientId: number, code?: string) => api.delete<unknown>(`org/clients/${clientId}`, code ? { query: { code } } : undefined),
  addNote: (clientId: number, messageText: string) => api.post<ClientNote>(`org/clients/${clientId}/notes`, { messageText }),
  deleteNote: (clientId: number, noteId: number) => api.delete<unknown>(`org/clients/${clientId}/notes/${noteId}`),
  inviteStaff: (email: string) => api.post<StaffMemberView>('org/inviteStaff', undefined, { query: { email } }),
  resendStaffInvite: (id: number) => api.post<StaffMemberView>('org/resendInvite', undefined, { query: { id } }),
  pauseStaff: (staffId: number, paused: boolean) => api.post<StaffMemberView>(`org/pause/${staffId}/${paused}`),
  removeStaff: (staffId: number) => api.post<unknown>(`org/removeStaff/${staffId}`),
  editStaff: (staffId: number, permissions: Partial<StaffPermissions>) => api.post<StaffMemberView>('org/editStaffMember', { staffId, permissions }),
  createRelationship: (companyId: number) => api.post<RelationshipView>('org/relationships/create', undefined, { query: { companyId } }),
  acceptRelationship: (id: number) => api.post<RelationshipView>(`org/relationships/${id}/accept`),
  removeRelationship: (id: number) => api.delete<unknown>(`org/relationships/${id}/remove`),
  answerInvitation: (invitation: Invitation, accept: boolean) =>
    api.post<unknown>(`org/invitations/${invitation.kind}/${invitation.id}/${accept ? 'accept' : 'decline'}`),
};
