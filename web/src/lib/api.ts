import type { CaughtError } from './errorReport';

/** How a finished request counts for connectivity (spec 8). */
export type RequestOutcome = 'ok' | 'connection-failure' | 'error';

/** 200 up to (not including) 400 is ok; 502/503/504 or no response at all is a connection failure. */
export function classifyStatus(status: number | null): RequestOutcome {
  if (status === null || status === 502 || status === 503 || status === 504) return 'connection-failure';
  if (status >= 200 && status < 400) return 'ok';
  return 'error';
}

export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    /** HTTP status, null when no response arrived. */
    readonly status: number | null,
    message: string,
    readonly endpoint: string,
    /** The envelope's `message`, meant for the user. */
    readonly serverMessage?: string,
    readonly requestData?: unknown,
    /** The `Retry-After` of a 429, in seconds. */
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(message);
  }

  toCaughtError(): CaughtError {
    return {
      status: this.status,
      serverMessage: this.serverMessage,
      endpoint: this.endpoint,
      requestData: this.requestData,
      details: this.stack,
    };
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

interface ApiHooks {
  getToken: () => string | null;
  onOutcome: (outcome: RequestOutcome) => void;
  onUnauthorized: () => void;
  /** A 403: the session and its permissions are checked again (spec 000 §8). */
  onForbidden: () => void;
  fetch: typeof fetch;
  baseUrl: string;
}

const hooks: ApiHooks = {
  getToken: () => null,
  onOutcome: () => {},
  onUnauthorized: () => {},
  onForbidden: () => {},
  fetch: (...args) => globalThis.fetch(...args),
  baseUrl: '/api',
};

/** Wires the client to the session (token, 401) and connectivity machines; called once at start-up. */
export function configureApi(overrides: Partial<ApiHooks>): void {
  Object.assign(hooks, overrides);
}

export type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  query?: Record<string, QueryValue>;
  /** JSON-serialisable body, or FormData for multipart uploads. */
  body?: unknown;
  /** Use this token instead of the stored one (the session machine passes the token it holds). */
  token?: string | null;
  /** A 401 here does not mean the session ended (login with a wrong password). */
  expectUnauthorized?: boolean;
  signal?: AbortSignal;
}

export function apiUrl(path: string, query?: Record<string, QueryValue>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null) search.set(key, String(value));
  }
  const queryString = search.toString();
  return `${hooks.baseUrl}/${path.replace(/^\/+/, '')}${queryString ? `?${queryString}` : ''}`;
}

interface Envelope {
  ok?: boolean;
  data?: unknown;
  status?: number;
  error?: string;
  message?: string;
}

/**
 * The one way the web app talks to the server: adds the bearer session key, unwraps the
 * `{ok, data}` envelope, reports every outcome to the connectivity machine and ends the
 * session on a 401.
 */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const method = options.method ?? 'GET';
  const endpoint = `${method} ${path}`;
  const token = options.token !== undefined ? options.token : hooks.getToken();
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (token) headers.Authorization = `Bearer ${token}`;

  const isMultipart = typeof FormData !== 'undefined' && options.body instanceof FormData;
  let body: BodyInit | undefined;
  if (isMultipart) body = options.body as FormData;
  else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }

  let response: Response;
  try {
    response = await hooks.fetch(apiUrl(path, options.query), {
      method,
      headers,
      body,
      credentials: 'include',
      signal: options.signal,
    });
  } catch (cause) {
    if (options.signal?.aborted) throw cause;
    hooks.onOutcome('connection-failure');
    throw new ApiError(null, 'No response from the server', endpoint, undefined, options.body);
  }

  const outcome = classifyStatus(response.status);
  hooks.onOutcome(outcome);
  const envelope = await readEnvelope(response);

  if (outcome === 'ok' && envelope?.ok !== false) {
    return (envelope && 'data' in envelope ? envelope.data : undefined) as T;
  }

  const status = outcome === 'ok' ? (envelope?.status ?? 400) : response.status;
  if (status === 401 && !options.expectUnauthorized) hooks.onUnauthorized();
  if (status === 403) hooks.onForbidden();
  throw new ApiError(
    status,
    envelope?.message ?? envelope?.error ?? `Request failed with status ${status}`,
    endpoint,
    envelope?.message,
    options.body,
    parseRetryAfter(response.headers?.get?.('Retry-After') ?? null),
  );
}

export interface Downloaded {
  blob: Blob;
  /** The name the server's Content-Disposition gives, or null. */
  filename: string | null;
}

/**
 * A file downloaded with the bearer session key (no link carries it), read from the response's
 * stream so that `onBytes` hears how many bytes have come so far. A refusal is an ApiError from
 * the envelope, reported like any other request's.
 */
export async function apiDownload(path: string, options: { signal?: AbortSignal; onBytes?: (received: number) => void } = {}): Promise<Downloaded> {
  const endpoint = `GET ${path}`;
  const token = hooks.getToken();
  let response: Response;
  try {
    response = await hooks.fetch(apiUrl(path), {
      headers: token ? { Authorization: `Bearer ${token}` } : {},
      credentials: 'include',
      signal: options.signal,
    });
  } catch (cause) {
    if (options.signal?.aborted) throw cause;
    hooks.onOutcome('connection-failure');
    throw new ApiError(null, 'No response from the server', endpoint);
  }
  const outcome = classifyStatus(response.status);
  hooks.onOutcome(outcome);
  if (outcome !== 'ok') {
    const envelope = await readEnvelope(response);
    if (response.status === 401) hooks.onUnauthorized();
    if (response.status === 403) hooks.onForbidden();
    throw new ApiError(
      response.status,
      envelope?.message ?? `Request failed with status ${response.status}`,
      endpoint,
      envelope?.message,
      undefined,
      parseRetryAfter(response.headers?.get?.('Retry-After') ?? null),
    );
  }
  const parts: BlobPart[] = [];
  let received = 0;
  const reader = response.body?.getReader();
  const nextPiece = async () => {
    try {
      return await reader!.read();
    } catch (cause) {
      if (options.signal?.aborted) throw cause;
      throw new ApiError(null, 'The download broke off before its end', endpoint);
    }
  };
  for (let piece = reader ? await nextPiece() : null; piece && !piece.done; piece = await nextPiece()) {
    parts.push(piece.value);
    received += piece.value.byteLength;
    options.onBytes?.(received);
  }
  const disposition = response.headers.get('Content-Disposition') ?? '';
  return {
    blob: new Blob(parts, { type: response.headers.get('Content-Type') ?? 'application/octet-stream' }),
    filename: /filename="([^"]+)"/.exec(disposition)?.[1] ?? null,
  };
}

/** `Retry-After` is seconds or an HTTP date; null when absent or unreadable. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | null {
  if (!value) return null;
  if (/^\d+$/.test(value.trim())) return Number(value.trim());
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, Math.ceil((at - now) / 1000));
}

/** The login lockout in words: how long to wait, in whole minutes (at least one). */
export function lockoutMessage(retryAfterSeconds: number | null): string {
  if (retryAfterSeconds === null) return 'Too many attempts. Try again later.';
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return `Too many attempts. Try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`;
}

async function readEnvelope(response: Response): Promise<Envelope | null> {
  const text = await response.text().catch(() => '');
  if (!text) return null;
  try {
    const parsed: unknown = JSON.parse(text);
    return parsed && typeof parsed === 'object' ? (parsed as Envelope) : null;
  } catch {
    return null;
  }
}

export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) => apiRequest<T>(path, { ...options, method: 'GET' }),
  post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) => apiRequest<T>(path, { ...options, method: 'POST', body }),
  put: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) => apiRequest<T>(path, { ...options, method: 'PUT', body }),
  delete: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) => apiRequest<T>(path, { ...options, method: 'DELETE' }),
};
