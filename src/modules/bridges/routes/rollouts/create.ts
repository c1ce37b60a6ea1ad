import Joi from 'joi';
import { auditTarget } from '../../../../platform/audit.js';
import { callerOf, defineRoute } from '../../../../platform/routes.js';
import type { PasswordRecheck } from '../../password-recheck.js';
import type { Rollouts } from '../../rollouts.js';
import { version } from '../../schemas.js';

interface CreateRollout {
  version: string;
  bridgeIds?: number[];
  all?: boolean;
  percentage: number;
  failurePercent?: number;
  adminPassword: string;
}

/** POST admin/rollouts: a staged software update; adminPassword is the caller's own password, checked again. */
export const createRollout = (rollouts: Rollouts, recheck: PasswordRecheck) =>
  defineRoute<{ Payload: CreateRollout }>({
    method: 'POST',
    path: '/api/admin/rollouts',
    options: {
      auth: { scope: 'admin' },
      tags: ['api', 'admin'],
      description:
        'Start a staged software update {version, bridgeIds | all: true, percentage (first stage, 1–100), failurePercent? (default 20), adminPassword}: the first stage gets the update at once',
      validate: {
        payload: Joi.object({
          version: version.required(),
          bridgeIds: Joi.array().items(Joi.number().integer().min(1)).min(1).max(10_000).unique(),
          all: Joi.boolean().valid(true),
          percentage: Joi.number().integer().min(1).max(100).required(),
          failurePercent: Joi.number().integer().min(0).max(100),
          adminPassword: Joi.string().max(200).required(),
        }).xor('bridgeIds', 'all'),
      },
      async handler(request) {
        const caller = callerOf(request);
        const { adminPassword, ...input } = request.payload;
        await recheck.confirm(caller.id, adminPassword);
        const rollout = await rollouts.create(input, caller.id);
        auditTarget(request, { targetType: 'rollout', targetId: rollout.id, details: { version: rollout.version, bridges: rollout.counts.total } });
        return rollout;
      },
    },
  });
