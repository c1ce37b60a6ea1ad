/** Simple devices (docs/api.md, "Simple devices"): devices an owner defines from the bridge's properties. */

/** What a field measures; its units follow (SI, as bridges report them). */
export const FIELD_KINDS = {
  level: { label: 'Level', units: ['ratio'] },
  volume: { label: 'Volume', units: ['m3'] },
  voltage: { label: 'Voltage', units: ['V'] },
  current: { label: 'Current', units: ['A'] },
  power: { label: 'Power', units: ['W'] },
  temperature: { label: 'Temperature', units: ['K'] },
  pressure: { label: 'Pressure', units: ['Pa'] },
  speed: { label: 'Rotation speed', units: ['Hz'] },
  duration: { label: 'Duration', units: ['s'] },
  other: { label: 'Other', units: [''] },
} as const satisfies Record<string, { label: string; units: readonly string[] }>;

export type FieldKind = keyof typeof FIELD_KINDS;

export interface SimpleDeviceFieldTemplate {
  name: string;
  kind: FieldKind;
  includeInGauges: boolean;
}

export interface SimpleDeviceTemplate {
  type: string;
  label: string;
  fields: SimpleDeviceFieldTemplate[];
}

export interface SimpleDeviceField {
  id: number;
  deviceId: number;
  name: string;
  kind: FieldKind;
  units: string;
  /** The bridge property the field shows, null while unmapped. */
  propertyId: number | null;
  position: number;
  includeInGauges: boolean;
}

export interface SimpleDevice {
  id: number;
  vesselId: number;
  type: string;
  name: string;
  manufacturer: string | null;
  model: string | null;
  serial: string | null;
  /** Where on board, in the owner's words ("Engine room"). */
  location: string | null;
  /** The location switch: whether the device's position is shown on the vessel's map. */
  locationEnabled: boolean;
  position: { lat: number; lon: number } | null;
  fields: SimpleDeviceField[];
}

/** What an owner edits of a device (`PUT simpleDevices/{id}`). */
export interface DeviceDetails {
  name: string;
  manufacturer?: string | null;
  model?: string | null;
  serial?: string | null;
  location?: string | null;
}

/** One gauge of the vessel's dashboard: an included field and its property's current value. */
export interface Gauge {
  fieldId: number;
  deviceId: number;
  deviceName: string;
  name: string;
  kind: FieldKind;
  units: string;
  propertyId: number | null;
  path: string | null;
  value: unknown;
  timestamp: string | null;
  min: number | null;
  max: number | null;
}

export interface SimpleDeviceLocation {
  id: number;
  name: string;
  lat: number;
  lon: number;
}

/** The flat device-settings entry of a device: what it is, without its fields. */
export type SimpleDeviceSettings = Omit<SimpleDevice, 'fields'> & { fieldCount: number; gaugeCount: number };

export interface SimpleDeviceMetadata {
  kinds: Array<{ kind: FieldKind; label: string; units: readonly string[] }>;
  types: string[];
}
