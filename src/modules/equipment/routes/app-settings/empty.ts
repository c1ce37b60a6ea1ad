import { defineRoute } from '../../../../platform/routes.js';
import type { AppSettingsService } from '../../app-settings/service.js';
import { vesselIdParams } from '../../schemas.js';
import { READ_APP_SETTINGS } from './support.js';

/** GET vessel/{id}/appSettings/empty: the template a new app setting starts from (deviceManager VIEW). */
export const emptyAppSetting = (settings: AppSettingsService) =>
  defineRoute<{ Params: { id: number } }>({
    method: 'GET',
    path: '/api/vessel/{id}/appSettings/empty',
    options: {
      tags: ['api', 'vessel'],
      description: 'The template of a new app setting (needs deviceManager VIEW)',
      validate: { params: vesselIdParams },
      plugins: { vessel: { needs: READ_APP_SETTINGS } },
      handler: () => settings.empty(),
    },
  });
