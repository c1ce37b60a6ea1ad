import type { AppSettingFields } from '../../../../../contracts/vessels.js';
import { auditTarget } from '../../../../platform/audit.js';
import { defineRoute } from '../../../../platform/routes.js';
import { vesselOf } from '../../../access/api.js';
import type { AppSettingsService } from '../../app-settings/service.js';
import { vesselIdParams } from '../../schemas.js';
import { EDIT_APP_SETTINGS, settingPayload } from './support.js';

/** POST vessel/{id}/appSettings (deviceManager MANAGE). */
export const createAppSetting = (settings: AppSettingsService) =>
  defineRoute<{ Params: { id: number }; Payload: AppSettingFields }>({
    method: 'POST',
    path: '/api/vessel/{id}/appSettings',
    options: {
      tags: ['api', 'vessel'],
      description: 'Add an app setting (needs deviceManager MANAGE)',
      validate: { params: vesselIdParams, payload: settingPayload },
      plugins: { vessel: { needs: EDIT_APP_SETTINGS } },
      async handler(request) {
        const scope = vesselOf(request);
        auditTarget(request, { targetType: 'vessel', targetId: scope.vesselId, vesselId: scope.vesselId, details: { appSetting: request.payload.name } });
        return settings.create(scope, request.payload);
      },
    },
  });
