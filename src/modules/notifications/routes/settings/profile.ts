import Joi from 'joi';
import type { AppContext } from '../../../../platform/context.js';
import { callerOf, defineRoute } from '../../../../platform/routes.js';
import { DEFAULT_USER_SETTINGS, saveUserSettings, type UserNotificationSettings, userSettingsOf } from '../../repository.js';
import { hhmm, priority } from './support.js';

/** GET profile/notificationSettings: the caller's minimum priority per channel and quiet hours. */
export const getNotificationSettings = (ctx: AppContext) =>
  defineRoute({
    method: 'GET',
    path: '/api/profile/notificationSettings',
    options: {
      tags: ['api', 'profile', 'alerts'],
      description: 'Your minimum alarm priority per channel (email, push, inApp) and your quiet hours (local HH:MM in your time zone; emergencies ignore them)',
      async handler(request) {
        const userId = callerOf(request).id;
        return (await userSettingsOf(ctx.db, [userId])).get(userId) ?? DEFAULT_USER_SETTINGS;
      },
    },
  });

/** POST profile/notificationSettings {minPriority, quietHours}: replaces the caller's settings. */
export const setNotificationSettings = (ctx: AppContext, clock: () => number) =>
  defineRoute<{ Payload: UserNotificationSettings }>({
    method: 'POST',
    path: '/api/profile/notificationSettings',
    options: {
      tags: ['api', 'profile', 'alerts'],
      description: 'Set your minimum alarm priority per channel and your quiet hours (null: none)',
      validate: {
        payload: Joi.object({
          minPriority: Joi.object({ email: priority.required(), push: priority.required(), inApp: priority.required() }).required(),
          quietHours: Joi.object({ start: hhmm.required(), end: hhmm.required() }).allow(null).required(),
        }).required(),
      },
      async handler(request) {
        const userId = callerOf(request).id;
        await saveUserSettings(ctx.db, userId, request.payload, new Date(clock()).toISOString());
        return (await userSettingsOf(ctx.db, [userId])).get(userId)!;
      },
    },
  });
