import { i18n, labelsOf } from '../../i18n';
import { STAFF_PERMISSIONS } from '../../../../contracts/organisation';
import { PERMISSION_AREAS, type PermissionSet } from '../../../../contracts/permissions';
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
export { ALARM_PRIORITIES, STAFF_PERMISSIONS } from '../../../../contracts/organisation';

/** A staff permission in words, in the current language (read at each use). */
export const STAFF_PERMISSION_LABELS = labelsOf(STAFF_PERMISSIONS, (permission) => i18n.t(`organisation:permissions.${permission}`));

/** A grant in words: the areas it opens (with "manage" where it may change them) and device control, in the current language. */
export function grantSummary(permissions: PermissionSet): string {
  const areas = PERMISSION_AREAS.filter((area) => permissions[area] !== 'DENY').map((area) => {
    const name = i18n.t(`organisation:grants.areas.${area}`);
    return permissions[area] === 'MANAGE' ? i18n.t('organisation:grants.manage', { area: name }) : name;
  });
  if (permissions.allowDeviceControl) areas.push(i18n.t('organisation:grants.deviceControl'));
  if (permissions.allowLocationServices) areas.push(i18n.t('organisation:grants.location'));
  return areas.length ? areas.join(', ') : i18n.t('organisation:grants.nothing');
}

/** A company's kind (dealer, manufacturer, contractor) in words; an unknown kind as the server wrote it. */
export const kindLabel = (kind: string | undefined): string => (kind ? i18n.t(`organisation:kinds.${kind}`, { defaultValue: kind }) : '');

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
