/** What the push routes share: the device shape answered and the subscription a browser hands in. */
import { isIP } from 'node:net';
import Joi from 'joi';
import type { PushDevice } from '../../../../../contracts/alerts.js';
import type { PushSubscriptionRow } from '../../push/repository.js';

export const deviceOf = (row: PushSubscriptionRow): PushDevice => ({ id: row.id, label: row.label, createdAt: row.createdAt, lastSentAt: row.lastSentAt });

export interface SubscribePayload {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  label?: string;
}

const base64url = (max: number) =>
  Joi.string()
    .pattern(/^[A-Za-z0-9_-]+={0,2}$/)
    .max(max);

/** The server posts to the endpoint: in production only to a named public host, never to an address or this machine. */
const namedHost = (value: string, helpers: Joi.CustomHelpers) => {
  const host = new URL(value).hostname.replace(/^\[|\]$/g, '');
  return host === 'localhost' || host.endsWith('.localhost') || isIP(host) ? helpers.error('any.invalid') : value;
};

/**
 * A browser's `PushSubscription.toJSON()`. Push services are reached over https at a host name;
 * a plain http endpoint or an address is only accepted outside production, for a push service
 * standing in during tests.
 */
export const subscribePayload = (production: boolean) =>
  Joi.object({
    endpoint: production
      ? Joi.string()
          .uri({ scheme: ['https'] })
          .max(1000)
          .custom(namedHost)
          .required()
      : Joi.string()
          .uri({ scheme: ['https', 'http'] })
          .max(1000)
          .required(),
    expirationTime: Joi.any().strip(),
    keys: Joi.object({ p256dh: base64url(200).required(), auth: base64url(100).required() }).required(),
    label: Joi.string().trim().min(1).max(120),
  }).required();
