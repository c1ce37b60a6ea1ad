export interface Location {
  lat: number;
  lon: number;
  timestamp: string;
  speedOverGround?: number | null;
  courseOverGroundTrue?: number | null;
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
