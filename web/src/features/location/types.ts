export type { GeofenceRoute, Location } from '../../../../contracts/devices';
export type { SimpleDeviceLocation, SimpleDeviceSettings } from '../../../../contracts/simple-devices';

/** A person's geofence alarm notifications (`GET vessel/{id}/geofenceNotify/permissions`). */
export interface GeofenceNotifySetting {
  userId: number;
  enabled: boolean;
  /** Yourself, or anybody with userManager MANAGE. */
  canChange: boolean;
}
export interface Geofence {
  enabled: boolean;
  /** Metres. */
  radius: number;
  lat: number;
  lon: number;
  /** Seconds outside the fence before the alert is raised. */
  delay: number;
}
