import Joi from 'joi';
import { MESSAGE_TEXT_MAX } from '../../../contracts/messaging.js';

export const id = Joi.number().integer().min(1);
export const threadIdParams = Joi.object({ threadId: id.required() });
export const userIds = Joi.array().items(id).max(200);
export const threadName = Joi.string().trim().max(120).allow('', null);
export const messageText = Joi.string().max(MESSAGE_TEXT_MAX).allow('');
