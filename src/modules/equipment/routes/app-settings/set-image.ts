import Boom from '@hapi/boom';
import Joi from 'joi';
import type { AppContext } from '../../../../platform/context.js';
import { auditTarget } from '../../../../platform/audit.js';
import { defineRoute } from '../../../../platform/routes.js';
import { vesselOf } from '../../../access/api.js';
import { imageSlot, type AppSettingsService } from '../../app-settings/service.js';
import { EDIT_APP_SETTINGS, settingParams } from './support.js';

/** POST vessel/{id}/appSettings/{settingId}/setImage (multipart `file`, `darkMode`, `portrait`): one of the four images (deviceManager MANAGE). */
export const setAppSettingImage = (settings: AppSettingsService, config: AppContext['config']) =>
  defineRoute<{ Params: { id: number; settingId: number }; Payload: { file?: Buffer; darkMode: boolean; portrait: boolean } | null }>({
    method: 'POST',
    path: '/api/vessel/{id}/appSettings/{settingId}/setImage',
    options: {
      tags: ['api', 'vessel'],
      description: 'Set the image of an app setting for a theme and orientation (multipart `file`, `darkMode`, `portrait`; needs deviceManager MANAGE)',
      payload: { output: 'data', parse: true, multipart: { output: 'data' }, maxBytes: config.uploads.imageMaxBytes, allow: 'multipart/form-data' },
      plugins: { 'hapi-swagger': { payloadType: 'form' }, vessel: { needs: EDIT_APP_SETTINGS } },
      validate: {
        params: settingParams,
        payload: Joi.object({ file: Joi.binary(), darkMode: Joi.boolean().required(), portrait: Joi.boolean().required() }).unknown(true).allow(null),
      },
      async handler(request) {
        const scope = vesselOf(request);
        const { file, darkMode, portrait } = request.payload ?? {};
        if (!file) throw Boom.badRequest('file is required');
        auditTarget(request, { targetType: 'vessel', targetId: scope.vesselId, vesselId: scope.vesselId, details: { appSetting: request.params.settingId } });
        return settings.setImage(scope, request.params.settingId, imageSlot(darkMode!, portrait!), file);
      },
    },
  });
