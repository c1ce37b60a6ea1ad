import { queryOptions } from '@tanstack/react-query';
import type { Condition, ConditionsTest, DryRun, Routine, RoutineInput, RoutineRun } from '../../../../contracts/routines';
import { api } from '../../lib/api';
import { vesselKeys, vesselPath } from '../vessels/queries';

export const routineKeys = {
  list: (vesselId: number) => vesselKeys.section(vesselId, 'routines'),
  runs: (vesselId: number, routineId: number) => [...vesselKeys.section(vesselId, 'routines'), routineId, 'runs'] as const,
};

export const routineQueries = {
  list: (vesselId: number) =>
    queryOptions({
      queryKey: routineKeys.list(vesselId),
      queryFn: () => api.get<Routine[]>(vesselPath(vesselId, 'routines')),
    }),
  runs: (vesselId: number, routineId: number) =>
    queryOptions({
      queryKey: routineKeys.runs(vesselId, routineId),
      queryFn: () => api.get<RoutineRun[]>(vesselPath(vesselId, `routines/${routineId}/runs`)),
    }),
};

export const routineActions = {
  create: (vesselId: number, routine: RoutineInput) => api.post<Routine>(vesselPath(vesselId, 'routines/create'), routine),
  remove: (vesselId: number, routineId: number) => api.delete<unknown>(vesselPath(vesselId, `routines/${routineId}`)),
  pause: (vesselId: number, routineId: number, paused: boolean) => api.post<Routine>(vesselPath(vesselId, `routines/${routineId}/pause/${paused}`)),
  testConditions: (vesselId: number, conditions: Condition[], matchAll: boolean) =>
    api.post<ConditionsTest>(vesselPath(vesselId, 'routines/testConditions'), { conditions }, { query: { matchAll } }),
  dryRun: (vesselId: number, routine: RoutineInput, from: string, to: string) =>
    api.post<DryRun>(vesselPath(vesselId, 'routines/dryRun'), { routine, from, to }),
};
