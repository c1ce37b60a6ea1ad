/**
 * Devices for paths a bridge reports without an inventory entry (docs/bridge-agent.md "Without
 * an inventory"): a plain Signal K stream from a real boat still shows up legibly. Units come from
 * the Signal K schema (@signalk/signalk-schema), the display name from the path, and the device
 * groups paths by what they describe: `propulsion.<engine>` (mechanical), `tanks.<type>.<id>`
 * (tank), `electrical.<kind>.<id>` (power), navigation and environment (maritime).
 */
import { getMetadata } from '@signalk/signalk-schema';
import { DEVICE_CATEGORIES, type DeviceCategory } from '../../mqtt/protocol.js';

/** The longest description kept (device_properties.description). */
export const DESCRIPTION_MAX = 500;

/** Device keys of schema devices start with this, so that they never collide with an inventory's ids. */
export const KEY_PREFIX = 'signalk:';

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

/**
 * The schema's description of a path, null when it has none worth showing (some schema entries
 * carry only a JSON-schema type note such as "Data should be of type number.").
 */
export function schemaDescriptionOf(path: string): string | null {
  return descriptionIn(metadataOf(path), path);
}

/** What the schema says about a path: its SI units ('' when it has none), description and a display name. */
export function schemaPropertyOf(path: string): { displayName: string; units: string; description: string | null; writable: boolean } {
  const meta = metadataOf(path);
  const parts = path.split('.');
  const device = schemaDeviceOf(path);
  const own = device ? parts.slice(device.key.slice(KEY_PREFIX.length).split('.').length) : parts.slice(-1);
  const displayName = meta?.displayName ?? capitalised(own.map(words).join(' '));
  return { displayName, units: meta?.units ?? (isSwitchState(path) ? 'bool' : ''), description: descriptionIn(meta, path), writable: isSwitchState(path) };
}

type Metadata = { units?: string; description?: string; displayName?: string } | undefined;

const metadataOf = (path: string): Metadata => getMetadata(`vessels.self.${path}`);

// Signal K switches are the one standard path meant to be written (its PUT handlers switch relays).
const isSwitchState = (path: string): boolean => /^electrical\.switches\..+\.state$/.test(path);

/** Descriptions for standard paths the schema leaves without a useful one. */
const FALLBACK_DESCRIPTIONS: ReadonlyArray<[RegExp, string]> = [
  [/^electrical\.switches\..+\.state$/, 'Whether the switch is on (1) or off (0)'],
  [/^tanks\.[^.]+\.[^.]+\.currentLevel$/, 'Level of fluid in the tank, from 0 (empty) to 1 (full)'],
];

/** A description worth showing: some, not only a JSON-schema type note ("Data should be of type number."). */
export const isUsefulDescription = (text: string | undefined): text is string => !!text && !/^Data should be of type/i.test(text);

function descriptionIn(meta: Metadata, path: string): string | null {
  const own = meta?.description?.trim();
  if (isUsefulDescription(own)) return own;
  return FALLBACK_DESCRIPTIONS.find(([pattern]) => pattern.test(path))?.[1] ?? null;
}
