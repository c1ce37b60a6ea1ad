/** The health probes modules register on `server.app.probes`, run for the health routes and the admin overview. */
import type { Server } from '@hapi/hapi';

export type PartState = 'up' | 'down';

/** Runs every named probe; one that throws is down. */
export async function probeParts(server: Server, parts: Record<string, PartState>): Promise<Record<string, PartState>> {
  for (const [name, probe] of Object.entries(server.app.probes)) {
    parts[name] = await probe().then(
      (up) => (up ? 'up' : 'down'),
      () => 'down' as const,
    );
  }
  return parts;
}

/** Load balancers read these answers bare, not in the envelope. */
export const unavailable = (message: string, parts: Record<string, unknown>) => ({ ok: false, status: 503, error: 'Service Unavailable', message, ...parts });
