import Joi from 'joi';

/** Filters of the error reports list: q searches message, endpoint, comment, reporter, vessel, browser and OS. */
export const errorReportFilter = {
  q: Joi.string().max(200).allow(''),
  platform: Joi.string().valid('CLOUD_API', 'CLOUD_UI'),
  status: Joi.number().integer().min(0).max(999),
  userId: Joi.number().integer().min(1),
  vesselId: Joi.number().integer().min(1),
  from: Joi.string().isoDate(),
  to: Joi.string().isoDate(),
};
