import type { Device, Property } from './types';

export type ControlKind = 'switch' | 'dimmer' | 'shade' | 'setpoint' | 'select' | 'text' | 'number' | 'readonly';

/** A property whose inventory names the values it accepts (newer bridges send them). */
export interface EnumeratedProperty {
  allowedValues?: Array<string | number> | null;
}

/** The enumerations of the bridge protocol's own devices, for inventories that do not list them. */
const KNOWN_ENUMERATIONS: Array<{ path: RegExp; values: string[] }> = [
  { path: /^link\.camera\.[^.]+\.state$/, values: ['off', 'on', 'recording'] },
  { path: /^link\.climate\.[^.]+\.mode$/, values: ['off', 'cool', 'heat', 'auto'] },
];

/** The values an enumerated property accepts, or null for a free value. */
export function allowedValuesOf(property: Pick<Property, 'path'> & EnumeratedProperty): Array<string | number> | null {
  if (property.allowedValues && property.allowedValues.length > 0) return property.allowedValues;
  return KNOWN_ENUMERATIONS.find((known) => known.path.test(property.path))?.values ?? null;
}

/** Which control a property gets: a select for enumerations, otherwise from its unit and its device's category. */
export function controlKind(
  device: Pick<Device, 'category'>,
  property: Pick<Property, 'writable' | 'units' | 'path'> & Partial<Pick<Property, 'value'>> & EnumeratedProperty,
): ControlKind {
  if (!property.writable) return 'readonly';
  if (allowedValuesOf(property)) return 'select';
  if (typeof property.value === 'string') return 'text';
  const units = property.units ?? '';
  if (units === 'bool') return 'switch';
  if (units === 'ratio') return device.category === 'shades' || /\.shades\./.test(property.path) ? 'shade' : 'dimmer';
  if (units === 'K') return 'setpoint';
  return 'number';
}

/** Tank levels and states of charge are drawn as gauges. */
export function isLevel(property: Pick<Property, 'units' | 'path' | 'writable'>): boolean {
  return property.units === 'ratio' && !property.writable && (/^tanks\..+\.currentLevel$/.test(property.path) || /stateOfCharge$/.test(property.path));
}

export type LevelTone = 'ok' | 'warning' | 'critical';

/**
 * A level's colour: waste and black water are a problem when full, everything else (fuel,
 * fresh water, batteries) when empty. A property's own warning levels win when it has them.
 */
export function levelTone(property: Pick<Property, 'path' | 'warningLevels'>, ratio: number): LevelTone {
  const levels = property.warningLevels;
  if (levels) {
    if ((levels.highCritical != null && ratio >= levels.highCritical) || (levels.lowCritical != null && ratio <= levels.lowCritical)) {
      return 'critical';
    }
    if ((levels.highWarning != null && ratio >= levels.highWarning) || (levels.lowWarning != null && ratio <= levels.lowWarning)) {
      return 'warning';
    }
    return 'ok';
  }
  if (/^tanks\.(wasteWater|blackWater)\./.test(property.path)) {
    return ratio >= 0.9 ? 'critical' : ratio >= 0.75 ? 'warning' : 'ok';
  }
  return ratio <= 0.1 ? 'critical' : ratio <= 0.25 ? 'warning' : 'ok';
}

/** Whether a property's history can be charted (numbers only). */
export function isChartable(property: Pick<Property, 'units' | 'value'>): boolean {
  return property.units !== 'bool' && (typeof property.value === 'number' || property.value === null);
}

export function findProperty(devices: Device[] | undefined, path: string): { device: Device; property: Property } | null {
  for (const device of devices ?? []) {
    const property = device.properties.find((candidate) => candidate.path === path);
    if (property) return { device, property };
  }
  return null;
}

export function propertiesMatching(devices: Device[] | undefined, test: (property: Property) => boolean) {
  return (devices ?? []).flatMap((device) => device.properties.filter(test).map((property) => ({ device, property })));
}

/** The chart context keeps only engines and generators (spec 4). */
export function isEngineOrGenerator(device: Pick<Device, 'name'>): boolean {
  return /engine|generator/i.test(device.name);
}

/** A switch property's value as a boolean (Signal K switches report 1/0). */
export function isOn(value: unknown): boolean {
  return value === true || value === 1 || value === '1' || value === 'on';
}
