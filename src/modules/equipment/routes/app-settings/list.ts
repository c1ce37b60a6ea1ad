import { defineRoute } from '../../../../platform/routes.js';
import { vesselOf } from '../../../access/api.js';
import type { AppSettingsService } from '../../app-settings/service.js';
import { vesselIdParams } from '../../schemas.js';
import { READ_APP_SETTINGS } from './support.js';

/** GET vessel/{id}/appSettings: every app setting of the vessel, oldest first (deviceManager VIEW). */
export const listAppSettings = (settings: AppSettingsService) =>
  defineRoute<{ Params: { id: number } }>({
    method: 'GET',
    path: '/api/vessel/{id}/appSettings',
    options: {
      tags: ['api', 'vessel'],
      description: 'What the phone app and the on-board displays show (needs deviceManager VIEW)',
      validate: { params: vesselIdParams },
      plugins: { vessel: { needs: READ_APP_SETTINGS } },
      handler: (request) => settings.list(vesselOf(request)),
    },
  });
