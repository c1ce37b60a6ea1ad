import Joi from 'joi';
import type { RoutineInput } from '../../../../contracts/routines.js';
import { defineRoute } from '../../../platform/routes.js';
import { vesselOf } from '../../access/api.js';
import { routinePayload, vesselParams } from '../schemas.js';
import type { RoutinesService } from '../service.js';
import { ROUTINES_VIEW } from './support.js';

/** A recorded delta log of at most 2 MB. */
const MAX_LOG_CHARS = 2_000_000;

type Payload = { routine: RoutineInput; from?: string; to?: string; log?: string };

/**
 * POST vessel/{id}/routines/dryRun {routine, from, to} or {routine, log} (routineManager VIEW and
 * deviceManager VIEW, as it reads the vessel's history): when the routine would have fired and
 * what it would have done. Nothing is sent.
 */
export const dryRunRoutine = (routines: RoutinesService) =>
  defineRoute<{ Params: { id: number }; Payload: Payload }>({
    method: 'POST',
    path: '/api/vessel/{id}/routines/dryRun',
    options: {
      tags: ['api', 'vessel', 'routines'],
      description:
        "Replay a routine over the vessel's stored history (from, to) or a recorded delta log (newline-delimited Signal K deltas): when it would have fired and what it would have done; nothing is sent (routineManager VIEW, deviceManager VIEW)",
      validate: {
        params: vesselParams,
        payload: Joi.object({
          routine: routinePayload.required(),
          from: Joi.date().iso(),
          to: Joi.date().iso(),
          log: Joi.string().max(MAX_LOG_CHARS),
        })
          .xor('from', 'log')
          .with('from', 'to')
          .with('to', 'from'),
      },
      plugins: { vessel: { needs: [ROUTINES_VIEW, { area: 'deviceManager', level: 'VIEW' }] } },
      async handler(request) {
        const { vesselId, caller } = vesselOf(request);
        const { routine, from, to, log } = request.payload;
        const source = log !== undefined ? { log } : { fromMs: new Date(from!).getTime(), toMs: new Date(to!).getTime() };
        return routines.dryRun(vesselId, caller.id, routine, source);
      },
    },
  });
