import Joi from 'joi';

/**
 * How deep and how large a report's `requestData` may be. The depth stays within what the
 * logger's redaction walks (so no secret hides below it), and both are checked without
 * recursion, so a hostile nesting is a 400 and never a stack overflow.
 */
export const REQUEST_DATA_MAX_DEPTH = 6;
export const REQUEST_DATA_MAX_CHARS = 16 * 1024;

export function withinDepth(value: unknown, maxDepth: number): boolean {
  const pending: Array<{ value: unknown; depth: number }> = [{ value, depth: 0 }];
  for (let next = pending.pop(); next; next = pending.pop()) {
    if (next.value === null || typeof next.value !== 'object') continue;
    if (next.depth >= maxDepth) return false;
    for (const child of Object.values(next.value)) pending.push({ value: child, depth: next.depth + 1 });
  }
  return true;
}

const requestData = Joi.any()
  .custom((value, helpers) => {
    if (!withinDepth(value, REQUEST_DATA_MAX_DEPTH)) return helpers.error('requestData.depth');
    if (JSON.stringify(value).length > REQUEST_DATA_MAX_CHARS) return helpers.error('requestData.size');
    return value;
  })
  .messages({
    'requestData.depth': `{{#label}} must not be nested deeper than ${REQUEST_DATA_MAX_DEPTH} levels`,
    'requestData.size': `{{#label}} must not exceed ${REQUEST_DATA_MAX_CHARS} characters as JSON`,
  });

export interface ErrorReport {
  status?: number | null;
  displayedMsg?: string;
  timestamp: string;
  timezone?: string;
  platform: 'CLOUD_API' | 'CLOUD_UI';
  uiVersion?: string;
  browser?: string;
  os?: string;
  endpoint?: string;
  requestData?: unknown;
  comment?: string;
  /** Ignored: the reporter is who the session says. */
  userId?: number | null;
  userName?: string | null;
  vesselId?: number | null;
  vesselName?: string | null;
  environment?: string;
}

export const errorReport = Joi.object({
  status: Joi.number().integer().min(0).max(999).allow(null),
  displayedMsg: Joi.string().max(1000).allow(''),
  timestamp: Joi.string().isoDate().required(),
  timezone: Joi.string().max(64).allow(''),
  platform: Joi.string().valid('CLOUD_API', 'CLOUD_UI').required(),
  uiVersion: Joi.string().max(20).allow(''),
  browser: Joi.string().max(200).allow(''),
  os: Joi.string().max(200).allow(''),
  endpoint: Joi.string().max(500).allow(''),
  requestData,
  comment: Joi.string().max(2000).allow(''),
  userId: Joi.number().integer().allow(null),
  userName: Joi.string().max(200).allow('', null),
  vesselId: Joi.number().integer().allow(null),
  vesselName: Joi.string().max(200).allow('', null),
  environment: Joi.string().max(20).allow(''),
}).label('ErrorReport');
