/**
 * The HTTP platform: the success and error envelope of API.md, security headers on every
 * response, and no stack traces to clients.
 */
import Boom from '@hapi/boom';
import type { ResponseObject, Server } from '@hapi/hapi';
import { envelopeFor } from './errors.js';
import type { Logger } from './logger.js';

declare module '@hapi/hapi' {
  interface PluginSpecificConfiguration {
    /** false: the handler answers raw bytes or a stream (files, server-sent events). */
    envelope?: boolean;
  }
}

const SECURITY_HEADERS: Record<string, string> = {
  'x-content-type-options': 'nosniff',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-frame-options': 'DENY',
  'content-security-policy': "frame-ancestors 'none'",
  // Session keys may ride in query strings (camera and image links): never leak them onward.
  'referrer-policy': 'no-referrer',
  'cross-origin-opener-policy': 'same-origin',
};

export function registerHttpPlatform(server: Server, log: Logger): void {
  server.ext('onPreResponse', (request, h) => {
    const response = request.response;
    const isApi = request.path === '/api' || request.path.startsWith('/api/');
    let out: ResponseObject;

    if (Boom.isBoom(response)) {
      const status = response.output.statusCode;
      if (status >= 500 && !response.data?.public) {
        log.error('request failed', { method: request.method, path: request.path, status, error: response.message, stack: response.stack });
      }
      out = h.response(envelopeFor(response)).code(status);
      for (const [name, value] of Object.entries(response.output.headers)) {
        if (name.toLowerCase() !== 'content-type' && value !== undefined) out.header(name, String(value));
      }
    } else {
      out = response as ResponseObject;
      const plain = out.variety === 'plain' && !Buffer.isBuffer(out.source) && !(out.source && typeof (out.source as any).pipe === 'function');
      // The OpenAPI description is read by tools that expect the bare document.
      const raw = request.route.settings.plugins?.envelope === false || request.path.startsWith('/api/documentation');
      if (isApi && plain && !raw) {
        const wrapped = h.response({ ok: true, data: out.source ?? null }).code(out.statusCode === 204 ? 200 : out.statusCode);
        for (const [name, value] of Object.entries(out.headers)) {
          if (name.toLowerCase() !== 'content-type') wrapped.header(name, String(value));
        }
        out = wrapped;
      }
    }

    for (const [name, value] of Object.entries(SECURITY_HEADERS)) out.header(name, value);
    if (isApi && !out.headers['cache-control']) out.header('cache-control', 'no-store');
    return out;
  });
}
