export type { Location } from '../../../../contracts/devices';
export interface Geofence {
  enabled: boolean;
  /** Metres. */
  radius: number;
  lat: number;
  lon: number;
  /** Seconds outside the fence before the alert is raised. */
  delay: number;
}
