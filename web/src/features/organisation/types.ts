export type {
  ClientNote,
  ClientVessel,
  ClientView,
  CompanyFleet,
  Contact,
  Contacts,
  FleetVessel,
  Invitation,
  ModelStats,
  ModelVessel,
  ModelVesselAlarm,
  ModelVesselDetail,
  RelationshipView,
  StaffMemberView,
  StaffPermission,
  StaffPermissions,
} from '../../../../contracts/organisation';
export { ALARM_PRIORITIES, grantSummary, STAFF_PERMISSIONS, STAFF_PERMISSION_LABELS } from '../../../../contracts/organisation';

/** The company a corporate profile belongs to (GET /api/org/myOrganisation). */
export interface Organisation {
  id: number;
  name: string;
  kind?: 'dealer' | 'manufacturer' | 'contractor' | string;
  email?: string | null;
  phone?: string | null;
  countryCode?: string | null;
  website?: string | null;
  [field: string]: unknown;
}

/** GET org/currentUserPerms. */
export interface MyPermissions {
  role: 'admin' | 'staff';
  paused: boolean;
  companyId: number;
  manageStaff: boolean;
  manageClients: boolean;
  manageRelationships: boolean;
  useTechnicalAccess: boolean;
  seeBilling: boolean;
}

/** GET company/{kind}: a company of the catalogue. */
export interface CatalogueCompany {
  id: number;
  name: string;
  kind: string;
}
