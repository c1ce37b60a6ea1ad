/** Reading who the simulated bridges are: a `--bridges` JSON file, or secrets from `--secret-file`. */
import type { FleetMember } from '../fleet';
import { PROFILE_NAMES } from '../profiles';
import { UsageError } from '../../bridge/client/usage-error';
import { read, readSecrets } from '../../bridge/client/read-input';

export { read, readSecrets };

export async function readBridgesFile(file: string): Promise<FleetMember[]> {
  let json: unknown;
  try {
    json = JSON.parse(await read('--bridges', file));
  } catch (error) {
    if (error instanceof UsageError) throw error;
    throw new UsageError(`--bridges ${file} is not valid JSON`);
  }
  if (!Array.isArray(json) || json.length === 0) throw new UsageError(`--bridges ${file} must be a non-empty JSON array of {"serial", "secret"}`);
  const seen = new Set<string>();
  return json.map((entry: unknown, index): FleetMember => {
    const { serial, secret, profile } = (entry ?? {}) as Record<string, unknown>;
    const where = `--bridges ${file} entry ${index}`;
    if (typeof serial !== 'string' || !/^[^/+#\s]{1,128}$/.test(serial))
      throw new UsageError(`${where}: "serial" must be 1-128 characters without spaces, "/", "+" or "#"`);
    if (typeof secret !== 'string' || secret.length === 0) throw new UsageError(`${where}: "secret" must be a non-empty string`);
    if (profile !== undefined && (typeof profile !== 'string' || !PROFILE_NAMES.includes(profile)))
      throw new UsageError(`${where}: "profile" must be one of ${PROFILE_NAMES.join(', ')}`);
    if (seen.has(serial)) throw new UsageError(`${where}: serial ${serial} appears twice`);
    seen.add(serial);
    return { serial, secret, profile: profile as string | undefined };
  });
}
