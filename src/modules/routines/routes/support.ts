/** What the routine routes share: routineManager VIEW reads, MANAGE writes. */
import type { AccessNeed } from '../../access/api.js';

export const ROUTINES_VIEW: AccessNeed = { area: 'routineManager', level: 'VIEW' };
export const ROUTINES_MANAGE: AccessNeed = { area: 'routineManager', level: 'MANAGE' };

export type RoutineParams = { id: number; routineId: number };
