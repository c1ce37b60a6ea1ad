import Boom from '@hapi/boom';
import Joi from 'joi';
import type { Db } from '../../../db/knex.js';
import { readFile } from '../../../platform/files.js';
import { linkKeyQuery } from '../../auth/api.js';
import { defineRoute } from '../../../platform/routes.js';
import { untrusted } from '../../../platform/http.js';

/**
 * Images by id. Ids are random UUIDs handed out only with the object they belong to, so a link
 * is as good as the permission that produced it; `<img>` tags carry a link key as `?linkKey=`.
 */
export const file = (db: Db) =>
  defineRoute<{ Params: { fileId: string }; Query: { linkKey?: string } }>({
    method: 'GET',
    path: '/api/files/{fileId}',
    options: {
      tags: ['api', 'utility'],
      description: 'An uploaded image or document by id',
      plugins: { envelope: false, linkKey: true },
      validate: { params: Joi.object({ fileId: Joi.string().guid().required() }), query: linkKeyQuery },
      async handler(request, h) {
        const file = await readFile(db, request.params.fileId);
        if (!file) throw Boom.notFound('File not found');
        return untrusted(
          h
            .response(file.data)
            .type(file.mime)
            .header('cache-control', 'private, max-age=3600')
            .header(
              'content-disposition',
              file.mime.startsWith('image/') ? 'inline' : `attachment; filename="${(file.name ?? 'document').replace(/[^\w.-]/g, '_')}"`,
            ),
        );
      },
    },
  });
