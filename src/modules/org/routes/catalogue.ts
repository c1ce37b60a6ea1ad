import Boom from '@hapi/boom';
import type { ServerRoute } from '@hapi/hapi';
import Joi from 'joi';
import type { AppContext } from '../../../platform/context.js';
import { fileUrl } from '../../../platform/files.js';
import { toCompany } from '../api.js';

const toModel = (r: any) => ({ id: r.id, name: r.name, manufacturerId: r.manufacturer_id, lengthM: r.length_m, imageUrl: fileUrl(r.image_file_id ?? null) });
const idParams = Joi.object({ id: Joi.number().integer().min(1).required() });

/** Public catalogue reads for signed-in users: manufacturers, dealers, vessel models. */
export function catalogueRoutes(ctx: AppContext): ServerRoute[] {
  const { db } = ctx;
  const companiesOfKind = async (kind: string) => (await db('companies').where({ kind }).orderBy('name')).map(toCompany).map(({ id, name, kind: k, website, countryCode }) => ({ id, name, kind: k, website, countryCode }));
  return [
    { method: 'GET', path: '/api/company/manufacturers', options: { tags: ['api', 'catalogue'], description: 'Vessel manufacturers', handler: () => companiesOfKind('manufacturer') } },
    { method: 'GET', path: '/api/company/dealers', options: { tags: ['api', 'catalogue'], description: 'Dealers', handler: () => companiesOfKind('dealer') } },
    {
      method: 'GET',
      path: '/api/company/manufacturers/{id}/models',
      options: {
        tags: ['api', 'catalogue'],
        description: 'Vessel models of a manufacturer',
        validate: { params: idParams },
        handler: async (request) => (await db('vessel_models').where({ manufacturer_id: (request.params as any).id }).orderBy('name')).map(toModel),
      },
    },
    { method: 'GET', path: '/api/vesselModels', options: { tags: ['api', 'catalogue'], description: 'All vessel models', handler: async () => (await db('vessel_models').orderBy('name')).map(toModel) } },
    {
      method: 'GET',
      path: '/api/vesselModels/{id}',
      options: {
        tags: ['api', 'catalogue'],
        description: 'One vessel model',
        validate: { params: idParams },
        async handler(request) {
          const row = await db('vessel_models').where({ id: (request.params as any).id }).first();
          if (!row) throw Boom.notFound('Vessel model not found');
          return toModel(row);
        },
      },
    },
  ];
}
