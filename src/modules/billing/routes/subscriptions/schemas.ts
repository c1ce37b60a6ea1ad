import Joi from 'joi';

/** `{vesselId, productIds, paymentMethodId?}`: the caller's card named, or their newest one. */
export const productsPayload = Joi.object({
  vesselId: Joi.number().integer().min(1).required(),
  productIds: Joi.array().items(Joi.number().integer().min(1)).min(1).max(20).required(),
  paymentMethodId: Joi.number().integer().min(1),
});

export interface ProductsPayload {
  vesselId: number;
  productIds: number[];
  paymentMethodId?: number;
}
