/** The templates a simple device starts from: its type and the fields it is created with. */
import type { SimpleDeviceTemplate } from '../../../../contracts/simple-devices.js';

export const TEMPLATES: readonly SimpleDeviceTemplate[] = [
  {
    type: 'tank',
    label: 'Tank',
    fields: [
      { name: 'Level', kind: 'level', includeInGauges: true },
      { name: 'Remaining', kind: 'volume', includeInGauges: false },
    ],
  },
  {
    type: 'battery',
    label: 'Battery bank',
    fields: [
      { name: 'Voltage', kind: 'voltage', includeInGauges: true },
      { name: 'Current', kind: 'current', includeInGauges: false },
      { name: 'State of charge', kind: 'level', includeInGauges: true },
      { name: 'Temperature', kind: 'temperature', includeInGauges: false },
    ],
  },
  {
    type: 'engine',
    label: 'Engine',
    fields: [
      { name: 'Revolutions', kind: 'speed', includeInGauges: true },
      { name: 'Coolant temperature', kind: 'temperature', includeInGauges: true },
      { name: 'Oil pressure', kind: 'pressure', includeInGauges: false },
      { name: 'Run time', kind: 'duration', includeInGauges: false },
    ],
  },
  { type: 'custom', label: 'Custom device', fields: [] },
];

export const templateOf = (type: string): SimpleDeviceTemplate | undefined => TEMPLATES.find((t) => t.type === type);
