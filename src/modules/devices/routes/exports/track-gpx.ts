import { defineRoute } from '../../../../platform/routes.js';
import { DEVICES_VIEW, vesselOf } from '../../../access/api.js';
import type { HistoryExports } from '../../exports.js';
import { vesselIdParams } from '../../schemas.js';
import { exportQuery, sendDownload } from './support.js';

/** GET vessel/{id}/locationHistory.gpx: the track as GPX (deviceManager VIEW and allowLocationServices). */
export const trackGpx = (exports: HistoryExports) =>
  defineRoute<{ Params: { id: number }; Query: { from?: string; to?: string; linkKey?: string } }>({
    method: 'GET',
    path: '/api/vessel/{id}/locationHistory.gpx',
    options: {
      tags: ['api', 'vessel', 'location'],
      description:
        "Download the vessel's track between from and to (ISO; default the last 24 hours) as GPX 1.1; a link may carry a link key as ?linkKey= (deviceManager VIEW and allowLocationServices)",
      plugins: { envelope: false, linkKey: true, vessel: { needs: [DEVICES_VIEW, { flag: 'allowLocationServices' }], bridge: true } },
      validate: { params: vesselIdParams, query: exportQuery },
      async handler(request, h) {
        const { vesselId, bridge } = vesselOf(request);
        return sendDownload(h, await exports.trackGpx({ vesselId, bridge, ...request.query }));
      },
    },
  });
