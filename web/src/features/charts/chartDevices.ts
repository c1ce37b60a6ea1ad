import type { Device, Property } from '../devices/types';

/** The chart view shows a vessel's engines and generators (spec 4): the devices whose name says so. */
export function chartDevices(devices: Device[]): Device[] {
  return devices.filter((device) => /engine|generator/i.test(device.name));
}

/** The properties a line can draw: those whose current value is a number. */
export function chartableProperties(device: Device): Property[] {
  return device.properties.filter((property) => typeof property.value === 'number');
}
