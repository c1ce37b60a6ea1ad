/**
 * The running server's HTTP API, for what only the running server can do: talk to connected
 * bridges over its MQTT broker (software rollouts). Signs in as an administrator; the password
 * comes from stdin or VESSEL_LINK_PASSWORD, never from a flag.
 */
import Boom from '@hapi/boom';

export interface ApiClient {
  call<T>(method: string, path: string, body?: unknown): Promise<T>;
}

export async function signIn(url: string, email: string, password: string): Promise<ApiClient> {
  const base = url.replace(/\/+$/, '');
  const raw = async (method: string, path: string, body: unknown, token?: string) => {
    let res: Response;
    try {
      res = await fetch(`${base}/api/${path}`, {
        method,
        headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    } catch {
      throw Boom.badGateway(`The server at ${base} does not answer; is it running? (--url)`);
    }
    const answer = (await res.json().catch(() => null)) as { ok: boolean; data?: unknown; message?: string } | null;
    if (!res.ok || !answer?.ok) throw new Boom.Boom(answer?.message ?? `HTTP ${res.status}`, { statusCode: res.status >= 400 ? res.status : 500 });
    return answer.data;
  };
  const { token } = (await raw('POST', 'auth/login', { username: email, password })) as { token: string };
  return { call: async <T>(method: string, path: string, body?: unknown) => (await raw(method, path, body, token)) as T };
}
