/**
 * The error contract of docs/api.md: every failure leaves the server as
 * `{ ok: false, status, error, message }`; no stack trace, no 500 for client input.
 */
import Boom from '@hapi/boom';
import type { Lifecycle, Request, ResponseToolkit } from '@hapi/hapi';
import type { ValidationError } from 'joi';

/** 418: a business rule refused the call; the UI shows the message verbatim. */
export const ruleRefused = (message: string) => new Boom.Boom(message, { statusCode: 418 });

export const notFound = (what = 'Object') => Boom.notFound(`${what} not found`);

/**
 * Joi failures become a 400 that names the field. A pattern without words of its own says the
 * value is not in the form expected instead of printing the regular expression (issue 44: a
 * person read "fails to match the required pattern: /^[A-Za-z0-9_-]+$/").
 */
export const validationFailAction: Lifecycle.Method = (_request: Request, _h: ResponseToolkit, err?: Error) => {
  const detail = (err as ValidationError | undefined)?.details?.[0];
  if (!detail) throw Boom.badRequest('Invalid request');
  const message = /fails to match the (required|\w+) pattern/.test(detail.message)
    ? `${detail.context?.label ?? 'value'} is not in the form expected`
    : detail.message;
  throw Boom.badRequest(message.replace(/"/g, ''));
};

export interface ErrorEnvelope {
  ok: false;
  status: number;
  error: string;
  message: string;
}

export function envelopeFor(err: Boom.Boom): ErrorEnvelope {
  const status = err.output.statusCode;
  const reason = (err.output.payload.error as string) || 'Error';
  // Server faults say nothing about their cause; client errors carry their message.
  const message = status >= 500 && !err.data?.public ? 'Server error' : friendly(status, err.message);
  return { ok: false, status, error: reason, message };
}

function friendly(status: number, message: string): string {
  if (status === 401 && (!message || message === 'Unauthorized')) return 'Please sign in';
  if (status === 413) return 'File size exceeds the limit';
  if (status === 415 && /unsupported media type/i.test(message)) return 'Unsupported media type';
  if (status === 404 && /^not found$/i.test(message)) return 'Object not found';
  if (/^Invalid request payload JSON format$/i.test(message)) return 'Request body is not valid JSON';
  return message;
}
