import Joi from 'joi';

const id = Joi.number().integer().min(1);
export const vesselParams = Joi.object({ id: id.required() });
export const transferParams = Joi.object({ transferId: id.required() });
export const codeQuery = Joi.object({ code: Joi.string().trim().max(20).required() });

/** Who stays on board: user ids of members and ids of companies, as the incoming transfer lists them. */
export const acceptancePayload = Joi.object({
  keepMembers: Joi.array().items(id).max(500).unique().default([]),
  keepCompanies: Joi.array().items(id).max(500).unique().default([]),
}).default({ keepMembers: [], keepCompanies: [] });
