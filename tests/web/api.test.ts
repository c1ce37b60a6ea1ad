import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { api, ApiError, apiUrl, classifyStatus, configureApi, type RequestOutcome } from '../../web/src/lib/api';
import { connectivityMachine } from '../../web/src/features/connectivity/connectivityMachine';
import { retryHelps } from '../../web/src/features/errors/RetryButton';
import { failureMessage } from '../../web/src/lib/failureMessage';

function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

function setup(respond: (url: string, init: RequestInit) => Promise<Response>, token: string | null = 'session-key') {
  const fetch = vi.fn(respond);
  const outcomes: RequestOutcome[] = [];
  const onUnauthorized = vi.fn();
  const onForbidden = vi.fn();
  configureApi({
    fetch: fetch as unknown as typeof globalThis.fetch,
    getToken: () => token,
    onOutcome: (outcome) => outcomes.push(outcome),
    onUnauthorized,
    onForbidden,
  });
  return { fetch, outcomes, onUnauthorized, onForbidden };
}

afterEach(() => configureApi({ getToken: () => null, onOutcome: () => {}, onUnauthorized: () => {}, onForbidden: () => {} }));

describe('status classification', () => {
  it('counts 200 up to 399 as ok and 502/503/504 or no response as connection failures', () => {
    expect(classifyStatus(200)).toBe('ok');
    expect(classifyStatus(304)).toBe('ok');
    expect(classifyStatus(399)).toBe('ok');
    expect(classifyStatus(400)).toBe('error');
    expect(classifyStatus(500)).toBe('error');
    expect(classifyStatus(502)).toBe('connection-failure');
    expect(classifyStatus(503)).toBe('connection-failure');
    expect(classifyStatus(504)).toBe('connection-failure');
    expect(classifyStatus(null)).toBe('connection-failure');
  });
});

describe('fetch wrapper', () => {
  it('sends the bearer session key and unwraps the envelope', async () => {
    const { fetch, outcomes } = setup(async () => jsonResponse(200, { ok: true, data: [{ id: 'v1' }] }));
    await expect(api.get('vessel/basic')).resolves.toEqual([{ id: 'v1' }]);
    const [url, init] = fetch.mock.calls[0];
    expect(url).toBe('/api/vessel/basic');
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer session-key');
    expect(init.credentials).toBe('include');
    expect(outcomes).toEqual(['ok']);
  });

  it('puts query parameters in the URL and JSON bodies in the body', async () => {
    const { fetch } = setup(async () => jsonResponse(200, { ok: true, data: null }));
    await api.post('vessel/v1/sendCommand', { deviceProperty: 'p1', value: 1 });
    await api.post('register/forgottenPassword', undefined, { query: { email: 'a+b@example.com' } });
    expect(fetch.mock.calls[0][1].body).toBe('{"deviceProperty":"p1","value":1}');
    expect(fetch.mock.calls[1][0]).toBe('/api/register/forgottenPassword?email=a%2Bb%40example.com');
  });

  it('sends multipart uploads as form data, without a JSON content type', async () => {
    const { fetch } = setup(async () => jsonResponse(200, { ok: true, data: { imageUrl: '/api/files/f1' } }));
    const form = new FormData();
    form.append('file', new Blob(['x']), 'me.png');
    await api.post('profile/profileImage', form);
    const init = fetch.mock.calls[0][1];
    expect(init.body).toBe(form);
    expect((init.headers as Record<string, string>)['Content-Type']).toBeUndefined();
  });

  it('turns an error envelope into an ApiError carrying the server message', async () => {
    const { outcomes } = setup(async () => jsonResponse(418, { ok: false, status: 418, error: "I'm a teapot", message: 'Vessel is offline' }));
    const error = await api.post('vessel/v1/sendCommand', {}).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 418, serverMessage: 'Vessel is offline', endpoint: 'POST vessel/v1/sendCommand' });
    expect(outcomes).toEqual(['error']);
  });

  it('ends the session on a 401, except for a login attempt', async () => {
    const { onUnauthorized } = setup(async () => jsonResponse(401, { ok: false, status: 401, message: 'Not signed in' }));
    await api.get('vessel/basic').catch(() => undefined);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    await api.post('auth/login', { username: 'a', password: 'b' }, { token: null, expectUnauthorized: true }).catch(() => undefined);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('checks the session and permissions again on a 403, and keeps its text from the person', async () => {
    const { onForbidden, onUnauthorized } = setup(async () => jsonResponse(403, { ok: false, status: 403, message: 'You need VIEW on billingManager' }));
    const refused = await api.get('vessel/1/products').catch((error: unknown) => error);
    expect(onForbidden).toHaveBeenCalledTimes(1);
    expect(onUnauthorized).not.toHaveBeenCalled();
    expect(failureMessage(refused)).toBe('You do not have permission for this.');
    expect(retryHelps(refused)).toBe(false);
  });

  it('reports a request that got no response as a connection failure with no status', async () => {
    const { outcomes } = setup(async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(api.get('vessel/basic')).rejects.toMatchObject({ status: null });
    expect(outcomes).toEqual(['connection-failure']);
  });

  it('opens the Connection Issue dialog after four failed requests in a row', async () => {
    const connectivity = createActor(connectivityMachine).start();
    const fetch = vi.fn(async () => jsonResponse(503, { ok: false, status: 503, message: 'Down' }));
    configureApi({
      fetch: fetch as unknown as typeof globalThis.fetch,
      onOutcome: (outcome) => {
        if (outcome === 'ok') connectivity.send({ type: 'REQUEST_SUCCEEDED' });
        if (outcome === 'connection-failure') connectivity.send({ type: 'CONNECTION_FAILED' });
      },
    });
    for (let attempt = 0; attempt < 3; attempt += 1) await api.get('health').catch(() => undefined);
    expect(connectivity.getSnapshot().hasTag('unreachable')).toBe(false);
    await api.get('health').catch(() => undefined);
    expect(connectivity.getSnapshot().hasTag('unreachable')).toBe(true);
  });

  it('builds links that carry the session key for EventSource and images', () => {
    expect(apiUrl('vessel/v 1/live', { linkKey: 'k=1', empty: null })).toBe('/api/vessel/v 1/live?linkKey=k%3D1');
  });
});
