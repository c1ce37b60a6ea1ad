/** What the interface routes share: their names and ids. */
import Joi from 'joi';

export const interfaceName = Joi.string().trim().min(1).max(100).required();
export const interfaceParams = Joi.object({ id: Joi.number().integer().required(), interfaceId: Joi.number().integer().min(1).required() });
