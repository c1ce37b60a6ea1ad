import type { Request } from '@hapi/hapi';
import type { Client } from '../service.js';

/** Who is calling, as the limits and the session row record it. */
export function clientOf(request: Pick<Request, 'headers' | 'info'>): Client {
  const agent = request.headers['user-agent'];
  return { ip: request.info.remoteAddress, userAgent: typeof agent === 'string' ? agent : null };
}
