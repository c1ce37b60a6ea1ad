import { ALERT_STATES } from '../../../../../contracts/alerts.js';
import { ADMIN_STATES, DEVICE_CATEGORIES } from '../../../../../contracts/bridge.js';
import { LEVELS, PERMISSION_AREAS, PERMISSION_FLAGS } from '../../../../../contracts/permissions.js';
import { defineRoute } from '../../../../platform/routes.js';
import { adminOnly } from '../admin-only.js';

/**
 * The fixed vocabularies the console's forms and filters offer (docs/decisions.md, "Custom
 * dictionaries"): one list of codes per name.
 */
export const CUSTOM_DICTIONARIES = {
  companyKinds: ['dealer', 'manufacturer', 'contractor'],
  userStatuses: ['pending', 'active', 'suspended'],
  deviceCategories: [...DEVICE_CATEGORIES],
  alertStates: [...ALERT_STATES],
  permissionAreas: [...PERMISSION_AREAS],
  permissionFlags: [...PERMISSION_FLAGS],
  permissionLevels: [...LEVELS],
  softwareUpdateStates: [...ADMIN_STATES],
  rolloutStatuses: ['running', 'completed', 'stopped'],
  subscriptionStates: ['valid', 'expiring', 'expired', 'none'],
  voucherStates: ['active', 'usedUp', 'expired'],
  errorReportPlatforms: ['CLOUD_API', 'CLOUD_UI'],
  currencies: ['GBP', 'EUR', 'USD'],
} as const;

/** GET admin/utility/customDictionaries. */
export const customDictionaries = () =>
  defineRoute({
    method: 'GET',
    path: '/api/admin/utility/customDictionaries',
    options: {
      auth: adminOnly,
      tags: ['api', 'admin'],
      description: 'The fixed vocabularies of the console (company kinds, user statuses, device categories, permission names, states…)',
      handler: () => CUSTOM_DICTIONARIES,
    },
  });
