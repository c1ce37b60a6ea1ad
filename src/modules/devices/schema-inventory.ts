/**
 * Devices for paths a bridge reports without an inventory entry (docs/bridge-agent.md "Without
 * an inventory"): a plain Signal K stream from a real boat still shows up legibly. Units come from
 * the Signal K schema (@signalk/signalk-schema), the display name from the path, and the device
 * groups paths by what they describe: `propulsion.<engine>` (mechanical), `tanks.<type>.<id>`
 * (tank), `electrical.<kind>.<id>` (power), navigation and environment (maritime).
 */
import { getMetadata } from '@signalk/signalk-schema';
import { DEVICE_CATEGORIES, type DeviceCategory } from '../../mqtt/protocol.js';

/** Device keys of schema devices start with this, so that they never collide with an inventory's ids. */
const KEY_PREFIX = 'signalk:';

export interface SchemaDevice {
  key: string;
  name: string;
  category: DeviceCategory;
}

const words = (segment: string): string =>
  segment
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[-_]/g, ' ')
    .toLowerCase();
const capitalised = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);

/** The device a path belongs to, or null for paths that are not device values (notifications). */
export function schemaDeviceOf(path: string): SchemaDevice | null {
  const parts = path.split('.');
  const [root, second, third] = parts;
  if (root === 'notifications' || parts.length < 2) return null;
  const device = (depth: number, category: DeviceCategory, name: string): SchemaDevice => ({
    key: `${KEY_PREFIX}${parts.slice(0, Math.min(depth, parts.length - 1)).join('.')}`,
    name,
    category,
  });
  switch (root) {
    case 'propulsion':
      return device(2, 'mechanical', `Engine ${words(second)}`);
    case 'tanks':
      return device(3, 'tank', capitalised(`${words(second)} tank ${third ?? ''}`.trim()));
    case 'electrical':
      return device(3, 'power', capitalised(`${words(second)} ${third ?? ''}`.trim()));
    case 'navigation':
      return device(1, 'maritime', 'Navigation');
    case 'environment':
      return device(1, 'maritime', 'Environment');
    case 'link':
      return (DEVICE_CATEGORIES as readonly string[]).includes(second) ? device(3, second as DeviceCategory, capitalised(words(third ?? second))) : null;
    default:
      return device(1, 'maritime', capitalised(words(root)));
  }
}

/** What the schema says about a path: its SI units ('' when it has none) and description. */
export function schemaPropertyOf(path: string): { displayName: string; units: string; description: string | null; writable: boolean } {
  const meta = getMetadata(`vessels.self.${path}`) as { units?: string; description?: string; displayName?: string } | undefined;
  const parts = path.split('.');
  const device = schemaDeviceOf(path);
  const own = device ? parts.slice(device.key.slice(KEY_PREFIX.length).split('.').length) : parts.slice(-1);
  const displayName = meta?.displayName ?? capitalised(own.map(words).join(' '));
  // Signal K switches are the one standard path meant to be written (its PUT handlers switch relays).
  const writable = /^electrical\.switches\..+\.state$/.test(path);
  return { displayName, units: meta?.units ?? (writable ? 'bool' : ''), description: meta?.description ?? null, writable };
}
