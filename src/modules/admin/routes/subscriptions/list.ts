import Joi from 'joi';
import type { Db } from '../../../../db/knex.js';
import { pageRequestSchema, type PageRequest } from '../../../../platform/pagination.js';
import { defineRoute } from '../../../../platform/routes.js';
import { pageSubscriptionStates, subscriptionStates, type SubscriptionFilter } from '../../subscriptions.js';
import { adminOnly } from '../admin-only.js';

const STATES = ['valid', 'expiring', 'expired', 'none'];

const filterFields = {
  q: Joi.string().max(200).allow(''),
  expiringWithinDays: Joi.number().integer().min(1).max(366),
  productId: Joi.number().integer().min(1),
};

/** GET admin/subscriptions?state=&expiringWithinDays=&q=: every vessel's subscription state, soonest ending first. */
export const listSubscriptions = (db: Db, now: () => number) =>
  defineRoute<{ Query: Omit<SubscriptionFilter, 'state'> & { state?: SubscriptionFilter['state'] | string } }>({
    method: 'GET',
    path: '/api/admin/subscriptions',
    options: {
      auth: adminOnly,
      tags: ['api', 'admin', 'billing'],
      description:
        "Every vessel's subscription: state valid, expiring (ends before the end of this month, or within expiringWithinDays), expired or none; filters state (repeat it for several), q (vessel name), productId, expiringWithinDays",
      validate: {
        query: Joi.object({
          ...filterFields,
          state: Joi.array()
            .items(Joi.string().valid(...STATES))
            .single(),
        }),
      },
      async handler(request) {
        const { state, ...rest } = request.query;
        const states = (typeof state === 'string' ? [state] : (state ?? [])) as SubscriptionFilter['state'];
        const list = await subscriptionStates(db, { ...rest, state: states }, now());
        return list.sort((a, b) => (a.validUntil ?? '9999').localeCompare(b.validUntil ?? '9999') || a.vesselId - b.vesselId);
      },
    },
  });

/** POST admin/subscriptions/page {page, size, sort, filter}. */
export const subscriptionsPage = (db: Db, now: () => number) =>
  defineRoute<{ Payload: PageRequest<SubscriptionFilter> }>({
    method: 'POST',
    path: '/api/admin/subscriptions/page',
    options: {
      auth: adminOnly,
      tags: ['api', 'admin', 'billing'],
      description:
        "A page of every vessel's subscription state; filter: state (list), q, productId, expiringWithinDays; sort: validUntil, vesselName, state, daysLeft",
      validate: {
        payload: pageRequestSchema(Joi.object({ ...filterFields, state: Joi.array().items(Joi.string().valid(...STATES)) })),
      },
      handler: (request) => pageSubscriptionStates(db, request.payload, now()),
    },
  });
