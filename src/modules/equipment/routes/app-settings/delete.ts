import { auditTarget } from '../../../../platform/audit.js';
import { defineRoute } from '../../../../platform/routes.js';
import { vesselOf } from '../../../access/api.js';
import type { AppSettingsService } from '../../app-settings/service.js';
import { EDIT_APP_SETTINGS, settingParams } from './support.js';

/** DELETE vessel/{id}/appSettings/{settingId}, with its images (deviceManager MANAGE). */
export const deleteAppSetting = (settings: AppSettingsService) =>
  defineRoute<{ Params: { id: number; settingId: number } }>({
    method: 'DELETE',
    path: '/api/vessel/{id}/appSettings/{settingId}',
    options: {
      tags: ['api', 'vessel'],
      description: 'Delete an app setting and its images (needs deviceManager MANAGE)',
      validate: { params: settingParams },
      plugins: { vessel: { needs: EDIT_APP_SETTINGS } },
      async handler(request) {
        const scope = vesselOf(request);
        auditTarget(request, { targetType: 'vessel', targetId: scope.vesselId, vesselId: scope.vesselId, details: { appSetting: request.params.settingId } });
        await settings.remove(scope, request.params.settingId);
        return { id: request.params.settingId, deleted: true };
      },
    },
  });
