import type { PermissionSet } from '../vessels/types';

/** A member of a vessel (GET /api/vessel/{id}/directory). */
export interface Member {
  userId: number;
  email: string;
  firstName: string | null;
  lastName: string | null;
  role: string;
  paused: boolean;
  pending: boolean;
  permissions: PermissionSet;
}
