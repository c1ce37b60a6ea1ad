import type { Request } from '@hapi/hapi';
import type { SessionCredentials } from '../../auth/api.js';

export const caller = (request: Request) => (request.auth.credentials as unknown as SessionCredentials).user;
export const vesselIdOf = (request: Request) => (request.params as { id: number }).id;
/** Blank strings in optional text fields mean "none". */
export const blankToNull = <T extends Record<string, unknown>>(fields: T): T =>
  Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, v === '' ? null : v])) as T;
