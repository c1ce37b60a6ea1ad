import { auditTarget } from '../../../../platform/audit.js';
import { defineRoute } from '../../../../platform/routes.js';
import { vesselOf } from '../../../access/api.js';
import type { VesselService, VesselToggle } from '../../vessels/service.js';
import { stateParams } from '../../schemas.js';

/** `userNotifications/{state}` is each member's own switch, in the alerts module (docs/decisions.md, "Alarms"). */
export const VESSEL_TOGGLES: readonly VesselToggle[] = ['propertyUpdate', 'gpsReporting', 'mfrAccess'];

/** POST vessel/{id}/{toggle}/{state}: one of the vessel's settings on or off (allowEditVessel); one route per toggle. */
export const setVesselToggle = (vessels: VesselService, toggle: VesselToggle) =>
  defineRoute<{ Params: { id: number; state: boolean } }>({
    method: 'POST',
    path: `/api/vessel/{id}/${toggle}/{state}`,
    options: {
      tags: ['api', 'vessel'],
      description: `Turn ${toggle} on (true) or off (false); needs allowEditVessel`,
      validate: { params: stateParams },
      plugins: { vessel: { needs: [{ flag: 'allowEditVessel' }] } },
      async handler(request) {
        const { vesselId } = vesselOf(request);
        const { state } = request.params;
        auditTarget(request, { targetType: 'vessel', targetId: vesselId, vesselId, details: { [toggle]: state } });
        await vessels.setToggle(vesselId, toggle, state);
        return { [toggle]: state };
      },
    },
  });
