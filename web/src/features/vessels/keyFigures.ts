import type { Device, Property } from '../devices/types';

export interface KeyFigure {
  key: string;
  label: string;
  device: Device;
  property: Property;
}

/** The figures a skipper looks at first, in this order; the first match of each is shown. */
const KEY_FIGURES: Array<{ key: string; label: string; path: RegExp }> = [
  { key: 'position', label: 'Position', path: /^navigation\.position$/ },
  { key: 'speed', label: 'Speed over ground', path: /^navigation\.speedOverGround$/ },
  { key: 'heading', label: 'Heading', path: /^navigation\.(headingTrue|headingMagnetic)$/ },
  { key: 'course', label: 'Course over ground', path: /^navigation\.courseOverGroundTrue$/ },
  { key: 'depth', label: 'Depth', path: /^environment\.depth\.belowTransducer$/ },
  { key: 'wind', label: 'Apparent wind', path: /^environment\.wind\.speedApparent$/ },
  { key: 'inside', label: 'Inside temperature', path: /^environment\.inside\.[^.]+\.temperature$/ },
  { key: 'water', label: 'Water temperature', path: /^environment\.water\.temperature$/ },
  { key: 'battery', label: 'Battery voltage', path: /^electrical\.batteries\.[^.]+\.voltage$/ },
  { key: 'shore', label: 'Shore power', path: /^electrical\.ac\.[^.]+\.phase\.single\.lineNeutralVoltage$/ },
];

export function keyFigures(devices: Device[] | undefined): KeyFigure[] {
  const figures: KeyFigure[] = [];
  for (const figure of KEY_FIGURES) {
    for (const device of devices ?? []) {
      const property = device.properties.find((candidate) => figure.path.test(candidate.path));
      if (property) {
        figures.push({ key: figure.key, label: figure.label, device, property });
        break;
      }
    }
  }
  return figures;
}
