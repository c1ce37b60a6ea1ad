/**
 * The bridge's own uplink (category `link`): marina Wi-Fi at the berth, cellular away from it with
 * a signal that fades offshore. Reported as `link.link.uplink.network|signalStrength`.
 */
import type { InventoryDevice, SignalKValue } from '../../contracts/bridge';
import { clamp, round } from '../units';
import { type DeviceModel, type StepContext, readOnly } from './device-model';

type Network = 'wifi' | '5g' | '4g';

export class Uplink implements DeviceModel {
  readonly source = 'sim.uplink';
  readonly reportEveryTicks = 30;
  changed = false;
  private network: Network = 'wifi';
  private signalStrength = 0.8;

  inventory(): InventoryDevice[] {
    return [
      {
        id: 'uplink',
        name: 'Bridge uplink',
        category: 'link',
        manufacturer: 'Teltonika',
        model: 'RUTX50',
        location: 'Bridge',
        properties: [
          readOnly('link.link.uplink.network', 'Network', ''),
          readOnly('link.link.uplink.signalStrength', 'Signal strength', 'ratio', { min: 0, max: 1 }),
        ],
      },
    ];
  }

  step({ random, vessel }: StepContext): void {
    const offshoreKm = vessel.voyage.distanceFromBerth / 1000;
    const network: Network = vessel.voyage.mode === 'berthed' ? 'wifi' : offshoreKm < 2 ? '5g' : '4g';
    if (network !== this.network) this.changed = true;
    this.network = network;
    const base = network === 'wifi' ? 0.75 : 0.9 - 0.08 * offshoreKm;
    this.signalStrength = clamp(base + random.noise(0.05), 0.05, 1);
  }

  values(): SignalKValue[] {
    return [
      { path: 'link.link.uplink.network', value: this.network },
      { path: 'link.link.uplink.signalStrength', value: round(this.signalStrength, 2) },
    ];
  }
}
