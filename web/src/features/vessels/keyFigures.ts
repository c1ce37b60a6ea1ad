import { i18n } from '../../i18n';
import type { Device, Property } from '../devices/types';

export interface KeyFigure {
  key: string;
  label: string;
  device: Device;
  property: Property;
}

/** The figures a skipper looks at first, in this order; the first match of each is shown. */
const KEY_FIGURES: Array<{ key: string; path: RegExp }> = [
  { key: 'position', path: /^navigation\.position$/ },
  { key: 'speed', path: /^navigation\.speedOverGround$/ },
  { key: 'heading', path: /^navigation\.(headingTrue|headingMagnetic)$/ },
  { key: 'course', path: /^navigation\.courseOverGroundTrue$/ },
  { key: 'depth', path: /^environment\.depth\.belowTransducer$/ },
  { key: 'wind', path: /^environment\.wind\.speedApparent$/ },
  { key: 'inside', path: /^environment\.inside\.[^.]+\.temperature$/ },
  { key: 'water', path: /^environment\.water\.temperature$/ },
  { key: 'battery', path: /^electrical\.batteries\.[^.]+\.voltage$/ },
  { key: 'shore', path: /^electrical\.ac\.[^.]+\.phase\.single\.lineNeutralVoltage$/ },
];

export function keyFigures(devices: Device[] | undefined): KeyFigure[] {
  const figures: KeyFigure[] = [];
  for (const figure of KEY_FIGURES) {
    for (const device of devices ?? []) {
      const property = device.properties.find((candidate) => figure.path.test(candidate.path));
      if (property) {
        figures.push({ key: figure.key, label: i18n.t(`vessels:figures.${figure.key}`), device, property });
        break;
      }
    }
  }
  return figures;
}
