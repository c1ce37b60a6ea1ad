export type { VesselInterface } from '../../../../contracts/vessel-areas';

/** A token, answered only when made or rotated. */
export interface IssuedToken {
  id: number;
  token: string;
}
