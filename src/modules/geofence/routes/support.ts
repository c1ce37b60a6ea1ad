/**
 * What a vessel's geofence routes share: allowLocationServices and securityManager (VIEW to
 * read, MANAGE to change).
 */
import Joi from 'joi';
import type { AccessNeed } from '../../access/api.js';
import type { GeofenceRow } from '../repository.js';

export const LOCATION_SERVICES: AccessNeed = { flag: 'allowLocationServices' };
export const SECURITY_VIEW: AccessNeed = { area: 'securityManager', level: 'VIEW' };
export const SECURITY_MANAGE: AccessNeed = { area: 'securityManager', level: 'MANAGE' };

const vesselId = Joi.number().integer().min(1);
export const idParams = Joi.object({ id: vesselId.required() });
export const stateParams = Joi.object({ id: vesselId.required(), state: Joi.boolean().required() });

export const geofenceView = (r: GeofenceRow | null) =>
  r ? { enabled: r.enabled, radius: r.radius, lat: r.lat, lon: r.lon, delay: r.delay, updatedAt: r.updatedAt } : null;
