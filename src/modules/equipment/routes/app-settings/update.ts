import type { AppSettingFields } from '../../../../../contracts/vessels.js';
import { auditTarget } from '../../../../platform/audit.js';
import { defineRoute } from '../../../../platform/routes.js';
import { vesselOf } from '../../../access/api.js';
import type { AppSettingsService } from '../../app-settings/service.js';
import { EDIT_APP_SETTINGS, settingParams, settingPayload } from './support.js';

/** PUT vessel/{id}/appSettings/{settingId}: replaces the fields (deviceManager MANAGE). */
export const updateAppSetting = (settings: AppSettingsService) =>
  defineRoute<{ Params: { id: number; settingId: number }; Payload: AppSettingFields }>({
    method: 'PUT',
    path: '/api/vessel/{id}/appSettings/{settingId}',
    options: {
      tags: ['api', 'vessel'],
      description: 'Change an app setting (needs deviceManager MANAGE)',
      validate: { params: settingParams, payload: settingPayload },
      plugins: { vessel: { needs: EDIT_APP_SETTINGS } },
      async handler(request) {
        const scope = vesselOf(request);
        auditTarget(request, { targetType: 'vessel', targetId: scope.vesselId, vesselId: scope.vesselId, details: { appSetting: request.params.settingId } });
        return settings.update(scope, request.params.settingId, request.payload);
      },
    },
  });
