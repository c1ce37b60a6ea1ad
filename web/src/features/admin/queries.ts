import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api';
import type { ServiceDueEntry } from '../../../../contracts/service';
import type { AdminVessel } from '../../../../contracts/vessels';
import { pageRequest, type ListSearch } from './listSearch';
import type {
  AdminUser,
  AuditEntry,
  CodeName,
  Company,
  CompanyInput,
  CompanyKind,
  DocumentCategory,
  AdminAlert,
  AdminCompanyDetail,
  AdminVesselCompanyGrant,
  ErrorReport,
  ErrorReportDetail,
  OutboxMail,
  NavigationComponent,
  Overview,
  Paged,
  Product,
  ProductInput,
  ConnectionEvent,
  ReportingClient,
  ReportingClientWithSecrets,
  Rollout,
  RolloutInput,
  Subscription,
  UpdateProgress,
  UsageDay,
  UserType,
  VesselModel,
  VesselModelInput,
  Voucher,
  VoucherInput,
  VoucherRedemptions,
} from './types';

export const adminKeys = {
  all: ['admin'] as const,
  list: (name: string) => ['admin', name] as const,
};

const list = <T>(name: string, path: string) =>
  queryOptions({
    queryKey: adminKeys.list(name),
    queryFn: () => api.get<T[]>(path),
  });

/** Every admin list: paged on the server where the API pages, answered whole otherwise (docs/api.md "admin"). */
export const adminQueries = {
  overview: () =>
    queryOptions({
      queryKey: adminKeys.list('overview'),
      queryFn: () => api.get<Overview>('admin/overview'),
      refetchInterval: 30_000,
    }),
  vessels: (search: ListSearch) =>
    queryOptions({
      queryKey: [...adminKeys.list('vessels'), search] as const,
      queryFn: () =>
        api.post<Paged<AdminVessel>>('admin/vessels/page', {
          ...pageRequest(search),
          filter: { ...(search.q ? { q: search.q } : {}), ...(search.filter === 'alerting' ? { alerting: true } : {}) },
        }),
      placeholderData: keepPreviousData,
    }),
  users: (search: ListSearch) =>
    queryOptions({
      queryKey: [...adminKeys.list('users'), search] as const,
      queryFn: () =>
        api.get<Paged<AdminUser>>('admin/users', {
          query: {
            ...pageRequest(search),
            q: search.q,
            status: search.filter === 'admins' ? undefined : search.filter,
            isAdmin: search.filter === 'admins' ? true : undefined,
          },
        }),
      placeholderData: keepPreviousData,
    }),
  auditTrail: (search: ListSearch) =>
    queryOptions({
      queryKey: [...adminKeys.list('auditTrail'), search] as const,
      queryFn: () => api.post<Paged<AuditEntry>>('admin/logs/page', { ...pageRequest(search), filter: auditFilter(search) }),
      placeholderData: keepPreviousData,
    }),
  errorReports: (search: ListSearch) =>
    queryOptions({
      queryKey: [...adminKeys.list('errorReports'), search] as const,
      queryFn: () =>
        api.post<Paged<ErrorReport>>('admin/errorReports/page', {
          ...pageRequest(search),
          filter: { ...(search.q ? { q: search.q } : {}), ...(search.filter ? { platform: search.filter } : {}) },
        }),
      placeholderData: keepPreviousData,
    }),
  errorReport: (id: number) =>
    queryOptions({
      queryKey: [...adminKeys.list('errorReport'), id] as const,
      queryFn: () => api.get<ErrorReportDetail>(`admin/errorReports/${id}`),
    }),
  companyDetail: (id: number) =>
    queryOptions({
      queryKey: [...adminKeys.list('companyDetail'), id] as const,
      queryFn: () => api.get<AdminCompanyDetail>(`admin/companies/${id}/detail`),
    }),
  companyServicesDue: (id: number) =>
    queryOptions({
      queryKey: [...adminKeys.list('companyServicesDue'), id] as const,
      queryFn: () => api.get<ServiceDueEntry[]>(`admin/companies/${id}/servicesDue`),
    }),
  vesselCompanyGrants: (vesselId: number) =>
    queryOptions({
      queryKey: [...adminKeys.list('vesselCompanyGrants'), vesselId] as const,
      queryFn: () => api.get<AdminVesselCompanyGrant[]>(`admin/vessels/${vesselId}/companyGrants`),
    }),
  alerts: () =>
    queryOptions({
      queryKey: adminKeys.list('alerts'),
      queryFn: () => api.get<AdminAlert[]>('admin/alerts/active'),
      refetchInterval: 15_000,
    }),
  mail: (search: ListSearch) =>
    queryOptions({
      queryKey: [...adminKeys.list('mail'), search] as const,
      queryFn: () =>
        api.post<Paged<OutboxMail>>('admin/mail/page', {
          ...pageRequest(search),
          filter: { ...(search.q ? { q: search.q } : {}), ...(search.filter ? { delivery: search.filter } : {}) },
        }),
      placeholderData: keepPreviousData,
    }),
  mailItem: (id: number) =>
    queryOptions({
      queryKey: [...adminKeys.list('mailItem'), id] as const,
      queryFn: () => api.get<OutboxMail>(`admin/mail/${id}`),
    }),
  companies: () => list<Company>('companies', 'admin/companies'),
  companiesOfKind: (kind: CompanyKind) => list<Company>(`companies-${kind}`, `admin/companies/kind/${kind}`),
  vesselModels: () => list<VesselModel>('vesselModels', 'vesselModels'),
  /** The vessel manufacturers of the catalogue (company/manufacturers), for the vessel model forms. */
  manufacturers: () => list<{ id: number; name: string }>('manufacturers', 'company/manufacturers'),
  reportingClients: () =>
    queryOptions({
      queryKey: adminKeys.list('reportingClients'),
      queryFn: () => api.get<ReportingClient[]>('admin/reportingClients'),
      refetchInterval: 15_000,
    }),
  usage: (id: number) =>
    queryOptions({
      queryKey: [...adminKeys.list('usage'), id] as const,
      queryFn: () => api.get<UsageDay[]>(`admin/reportingClients/${id}/usage`),
    }),
  updateProgress: (id: number, watching: boolean) =>
    queryOptions({
      queryKey: [...adminKeys.list('updateProgress'), id] as const,
      queryFn: () => api.get<UpdateProgress | null>(`admin/reportingClients/${id}/updateProgress`),
      refetchInterval: watching ? 2_000 : false,
    }),
  connections: (id: number) =>
    queryOptions({
      queryKey: [...adminKeys.list('connections'), id] as const,
      queryFn: () => api.get<Paged<ConnectionEvent>>(`admin/reportingClients/${id}/connections`, { query: { page: 0, size: 20 } }),
    }),
  rollouts: () =>
    queryOptions({
      queryKey: adminKeys.list('rollouts'),
      queryFn: () => api.get<Rollout[]>('admin/rollouts'),
      refetchInterval: 5_000,
    }),
  rollout: (id: number) =>
    queryOptions({
      queryKey: [...adminKeys.list('rollouts'), id] as const,
      queryFn: () => api.get<Rollout>(`admin/rollouts/${id}`),
      refetchInterval: 3_000,
    }),
  subscriptions: (state?: string) =>
    queryOptions({
      queryKey: [...adminKeys.list('subscriptions'), state ?? 'all'] as const,
      queryFn: () => api.get<Subscription[]>('admin/subscriptions', { query: { state } }),
    }),
  vouchers: () => list<Voucher>('vouchers', 'admin/vouchers'),
  redemptions: (id: number) =>
    queryOptions({
      queryKey: [...adminKeys.list('redemptions'), id] as const,
      queryFn: () => api.get<VoucherRedemptions>(`admin/vouchers/${id}/redemptions`),
    }),
  products: () => list<Product>('products', 'admin/products/all'),
  documentCategories: () => list<DocumentCategory>('documentCategories', 'admin/documentCategories'),
  navigationComponents: () => list<NavigationComponent>('navigationComponents', 'admin/navigationComponents'),
  userLanguages: () => list<CodeName>('userLanguages', 'admin/userLanguages'),
  userTypes: () => list<UserType>('userTypes', 'admin/userTypes'),
  countries: () => list<CodeName>('countries', 'admin/countries'),
  customDictionaries: () =>
    queryOptions({
      queryKey: adminKeys.list('customDictionaries'),
      queryFn: () => api.get<Record<string, unknown>>('admin/utility/customDictionaries'),
    }),
};

/** The audit trail's search matches the action and the actor's e-mail; its chips name the kind of target. */
function auditFilter(search: ListSearch) {
  return {
    ...(search.q ? { q: search.q } : {}),
    ...(search.filter ? { targetType: search.filter } : {}),
    ...(search.from ? { from: `${search.from}T00:00:00.000Z` } : {}),
    ...(search.to ? { to: `${search.to}T23:59:59.999Z` } : {}),
    routine: search.routine === true,
  };
}

const upload = (path: string, file: File) => {
  const form = new FormData();
  form.append('file', file);
  return api.post<unknown>(path, form);
};

export const adminActions = {
  acknowledgeAlert: (alertId: number) => api.post<AdminAlert>(`admin/alerts/${alertId}/ack`),
  createUser: (input: { email: string; password: string; firstName?: string; lastName?: string; isAdmin: boolean }) =>
    api.post<AdminUser>('admin/users', input),
  inviteUser: (email: string) => api.post<AdminUser>('admin/users/invite', undefined, { query: { email } }),
  userAction: (id: number, action: 'makeAdmin' | 'revokeAdmin' | 'suspend' | 'activate') => api.post<AdminUser>(`admin/users/${id}/${action}`),
  changePassword: (id: number, password: string) => api.post<AdminUser>(`admin/users/${id}/changePassword`, { password }),
  deleteUser: (id: number) => api.delete<unknown>(`admin/users/${id}`),

  createCompany: (kind: CompanyKind, input: CompanyInput) => api.post<Company>(`admin/companies/${kind}`, input),
  editCompany: (id: number, input: CompanyInput) => api.put<Company>(`admin/companies/${id}`, input),
  /** A company's first administrator, who then invites its staff. */
  inviteCompanyAdministrator: (id: number, email: string) =>
    api.post<{ email: string }>(`admin/companies/${id}/administrator`, undefined, { query: { email } }),

  createVesselModel: (input: VesselModelInput) => api.post<VesselModel>('admin/vesselModels', input),
  editVesselModel: (id: number, input: VesselModelInput) => api.put<VesselModel>(`admin/vesselModels/${id}`, input),
  deleteVesselModel: (id: number) => api.delete<unknown>(`admin/vesselModels/${id}`),
  uploadModelImage: (id: number, file: File) => upload(`admin/vesselModels/${id}/modelImage`, file),

  provisionBridge: (input: { serial?: string; version?: string }) => api.post<ReportingClientWithSecrets>('admin/reportingClients', input),
  editBridge: (id: number, input: { serial?: string; version?: string | null; rotateSecret: boolean; newPairingCode: boolean }) =>
    api.put<ReportingClientWithSecrets>(`admin/reportingClients/${id}`, input),
  deleteBridge: (id: number) => api.delete<unknown>(`admin/reportingClients/${id}`),
  softwareUpdate: (id: number, version: string, adminPassword: string) =>
    api.post<UpdateProgress>(`admin/reportingClients/${id}/softwareUpdate`, { version }, { query: { adminPassword } }),

  startRollout: (input: RolloutInput) => api.post<Rollout>('admin/rollouts', input),
  /** The second stage: every target bridge (the route takes no payload). */
  advanceRollout: (id: number) => api.post<Rollout>(`admin/rollouts/${id}/advance`),
  stopRollout: (id: number) => api.post<Rollout>(`admin/rollouts/${id}/stop`),

  createVoucher: (input: VoucherInput) => api.post<Voucher>('admin/vouchers', input),
  showVoucherCode: (id: number) => api.get<Voucher>(`admin/vouchers/${id}/showCode`),

  createProduct: (input: ProductInput) => api.post<Product>('admin/products', input),
  editProduct: (id: number, input: Partial<ProductInput> & { active?: boolean }) => api.put<Product>(`admin/products/${id}`, input),

  addDocumentCategory: (name: string) => api.post<DocumentCategory>('admin/documentCategories', { name }),
  addNavigationComponent: (input: Omit<NavigationComponent, 'id'>) => api.post<NavigationComponent>('admin/navigationComponents', input),
  addUserLanguage: (input: CodeName) => api.post<CodeName>('admin/userLanguages', input),
};
