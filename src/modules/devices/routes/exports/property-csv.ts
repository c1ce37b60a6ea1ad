import Joi from 'joi';
import { defineRoute } from '../../../../platform/routes.js';
import { DEVICES_VIEW, vesselOf } from '../../../access/api.js';
import type { ExportUnits, HistoryExports } from '../../exports.js';
import { exportQuery, sendDownload } from './support.js';

/** GET vessel/{id}/properties/{propertyId}/history.csv: a property's history as CSV (deviceManager VIEW). */
export const propertyCsv = (exports: HistoryExports) =>
  defineRoute<{
    Params: { id: number; propertyId: number };
    Query: { from?: string; to?: string; units?: ExportUnits; linkKey?: string };
  }>({
    method: 'GET',
    path: '/api/vessel/{id}/properties/{propertyId}/history.csv',
    options: {
      tags: ['api', 'devices'],
      description:
        "Download a property's values between from and to (ISO; default the last 24 hours) as CSV, in the caller's unit system or the one asked for (units=metric|imperial|si); a link may carry a link key as ?linkKey= (deviceManager VIEW)",
      plugins: { envelope: false, linkKey: true, vessel: { needs: [DEVICES_VIEW], bridge: true } },
      validate: {
        params: Joi.object({ id: Joi.number().integer().required(), propertyId: Joi.number().integer().required() }),
        query: exportQuery.keys({ units: Joi.string().valid('metric', 'imperial', 'si') }),
      },
      async handler(request, h) {
        const { vesselId, bridge, caller } = vesselOf(request);
        const { from, to, units } = request.query;
        return sendDownload(h, await exports.propertyCsv({ vesselId, bridge, from, to, units, propertyId: request.params.propertyId, userId: caller.id }));
      },
    },
  });
