/**
 * What other modules may ask of the geofence module: a vessel's fence and the distance from its
 * centre (the telemetry module's track since the vessel left it).
 */
export { distanceMetres } from './distance.js';
export { findGeofence, type GeofenceRow } from './repository.js';
