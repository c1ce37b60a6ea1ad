/** What the export routes share: their query and how a download is answered. */
import type { ReqRef, ResponseToolkit } from '@hapi/hapi';
import Joi from 'joi';
import { linkKeyQuery } from '../../../auth/api.js';
import type { Download } from '../../exports.js';

export const exportQuery = linkKeyQuery.keys({
  from: Joi.string().isoDate(),
  to: Joi.string().isoDate(),
});

/** Streams the download as an attachment; nothing of it is cached on the way. */
export const sendDownload = <Refs extends ReqRef>(h: ResponseToolkit<Refs>, download: Download) =>
  h
    .response(download.body)
    .type(download.mime)
    .header('cache-control', 'private, no-store')
    .header('content-disposition', `attachment; filename="${download.filename}"`);
