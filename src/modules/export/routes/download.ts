import Joi from 'joi';
import { defineRoute } from '../../../platform/routes.js';
import { vesselOf } from '../../access/api.js';
import { linkKeyQuery } from '../../auth/api.js';
import { EXPORTERS, type VesselExports } from '../service.js';

/** GET vessel/{id}/export: the vessel's whole record as one tar archive, streamed (owner or userManager MANAGE). */
export const downloadExport = (exports: VesselExports) =>
  defineRoute<{ Params: { id: number }; Query: { linkKey?: string } }>({
    method: 'GET',
    path: '/api/vessel/{id}/export',
    options: {
      tags: ['api', 'vessel'],
      description:
        'Download the vessel\'s whole record as one tar archive, streamed: vessel.json (every section you may read), documents/, track/ (GPX a month), history/ (CSV a property and month) and manifest.json last (docs/api.md, "Export"); owner or userManager MANAGE; one at a time and a few an hour per user (429); a link may carry a link key as ?linkKey=',
      plugins: { envelope: false, linkKey: true, vessel: { needs: EXPORTERS, bridge: true } },
      validate: { params: Joi.object({ id: Joi.number().integer().min(1).required() }), query: linkKeyQuery },
      async handler(request, h) {
        const download = await exports.start(vesselOf(request), request.auth.credentials, request.info.remoteAddress);
        request.events.once('disconnect', download.abort);
        return h
          .response(download.body)
          .type('application/x-tar')
          .header('cache-control', 'private, no-store')
          .header('content-disposition', `attachment; filename="${download.filename}"`);
      },
    },
  });
