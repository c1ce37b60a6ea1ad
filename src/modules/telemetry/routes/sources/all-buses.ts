import Joi from 'joi';
import { KNOWN_BUSES } from '../../../../../contracts/devices.js';
import { defineRoute } from '../../../../platform/routes.js';

/** GET dataUtils?action=getAllBuses: the buses the platform knows, with their names (any signed-in user). */
export const allBuses = () =>
  defineRoute<{ Query: { action: 'getAllBuses' } }>({
    method: 'GET',
    path: '/api/dataUtils',
    options: {
      tags: ['api', 'catalogue'],
      description: 'With action=getAllBuses: the buses the platform knows, {id, name}; a message source uid starts with its bus id',
      validate: { query: Joi.object({ action: Joi.string().valid('getAllBuses').required() }) },
      handler: () => KNOWN_BUSES.map(({ id, name }) => ({ id, name })),
    },
  });
