/**
 * The HTTP platform: the success and error envelope of docs/api.md, security headers on every
 * response, and no stack traces to clients.
 */
import Boom from '@hapi/boom';
import type { Duplex } from 'node:stream';
import type { ResponseObject, Server } from '@hapi/hapi';
import { envelopeFor } from './errors.js';
import type { Logger } from './logger.js';

declare module '@hapi/hapi' {
  interface PluginSpecificConfiguration {
    /** false: the handler answers raw bytes or a stream (files, server-sent events). */
    envelope?: boolean;
  }
}

/**
 * The app's content security policy: scripts only from the app's own files (the web build has no
 * inline script), no plugins, no <base> to redirect relative URLs, never in a frame. A route that
 * relays or serves content it did not write (camera images, uploaded files) sends a stricter one
 * of its own, which this leaves alone.
 */
export const APP_CSP = "script-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'";

/**
 * For content the app did not write and serves on its own origin (uploaded files and images,
 * attachments, camera images and streams): were it ever rendered as a document (an SVG, an HTML
 * part), it runs no script, loads nothing and has an origin of its own.
 */
export const UNTRUSTED_CONTENT_CSP = "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox; frame-ancestors 'none'";

/** Marks a response as untrusted content: the sandboxing policy above, and nosniff (hapi sends it too). */
export const untrusted = (response: ResponseObject): ResponseObject =>
  response.header('content-security-policy', UNTRUSTED_CONTENT_CSP).header('x-content-type-options', 'nosniff');

/** The OpenAPI UI (hapi-swagger's page) starts itself with inline scripts: the one place they run. */
const API_DOCS_CSP = "script-src 'self' 'unsafe-inline'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'";

/**
 * hapi's `security` route option (set for every route in server.ts) sends HSTS, X-Frame-Options,
 * nosniff and the referrer policy; these two it has no option for.
 */
const EXTRA_SECURITY_HEADERS: Record<string, string> = {
  'content-security-policy': APP_CSP,
  'cross-origin-opener-policy': 'same-origin',
};

/** hapi's `routes.security`: session keys may ride in query strings (camera and image links), so no referrer ever. */
export const ROUTE_SECURITY = {
  hsts: { maxAge: 31_536_000, includeSubDomains: true },
  xframe: 'deny',
  xss: 'disabled',
  noOpen: true,
  noSniff: true,
  referrer: 'no-referrer',
} as const;

/**
 * Requests Node's HTTP parser refuses before hapi sees them (an oversized URL or header block, a
 * malformed request line) are still answered in the envelope, replacing hapi's bare 400.
 */
function answerClientErrors(server: Server, log: Logger): void {
  server.listener.removeAllListeners('clientError');
  server.listener.on('clientError', (err: NodeJS.ErrnoException & { rawPacket?: Buffer }, socket: Duplex) => {
    if (!socket.writable) return socket.destroy();
    const firstLine = err.rawPacket ? err.rawPacket.subarray(0, 16_384).toString('latin1').split('\r\n', 1)[0] : '';
    const [status, error, message] =
      err.code === 'HPE_HEADER_OVERFLOW'
        ? firstLine.length > 8192 || !firstLine.includes(' HTTP/')
          ? [414, 'URI Too Long', 'The address of this request is too long']
          : [431, 'Request Header Fields Too Large', 'The headers of this request are too large']
        : [400, 'Bad Request', 'The request could not be read'];
    log.debug('request refused by the HTTP parser', { code: err.code, status });
    const body = JSON.stringify({ ok: false, status, error, message });
    socket.end(
      `HTTP/1.1 ${status} ${error}\r\ncontent-type: application/json; charset=utf-8\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`,
    );
  });
}

const isStream = (source: unknown): boolean => typeof source === 'object' && source !== null && 'pipe' in source && typeof source.pipe === 'function';

/**
 * How long a client may take to send its request: the headers within 15 s (a socket trickling
 * them to hold a connection open is closed then, checked every few seconds), the whole request,
 * uploads included, within 2 minutes. Node's own defaults are 60 s and 5 minutes.
 */
export const REQUEST_TIMEOUTS = { headersMs: 15_000, requestMs: 120_000 } as const;

export function registerHttpPlatform(server: Server, log: Logger): void {
  answerClientErrors(server, log);
  server.listener.headersTimeout = REQUEST_TIMEOUTS.headersMs;
  server.listener.requestTimeout = REQUEST_TIMEOUTS.requestMs;
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
      const plain = out.variety === 'plain' && !Buffer.isBuffer(out.source) && !isStream(out.source);
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

    for (const [name, value] of Object.entries(EXTRA_SECURITY_HEADERS)) if (!out.headers[name]) out.header(name, value);
    if (request.path.startsWith('/api/documentation') && !request.path.endsWith('.json')) out.header('content-security-policy', API_DOCS_CSP);
    if (isApi && !out.headers['cache-control']) out.header('cache-control', 'no-store');
    return out;
  });
}
