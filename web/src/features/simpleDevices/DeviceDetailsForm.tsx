import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { TextField } from '../forms/Field';
import { simpleDeviceActions, simpleDeviceQueries } from './queries';
import type { SimpleDevice } from './types';
import { useSimpleMutation } from './useSimpleMutation';

const DETAILS = [
  { key: 'name', label: 'Name' },
  { key: 'manufacturer', label: 'Manufacturer' },
  { key: 'model', label: 'Model' },
  { key: 'serial', label: 'Serial number' },
  { key: 'location', label: 'Location on board' },
] as const;

type Details = Record<(typeof DETAILS)[number]['key'], string>;

/** A device's name, manufacturer, model, serial number and place on board, behind a disclosure. */
export function DeviceDetailsForm({ vesselId, device }: { vesselId: number; device: SimpleDevice }) {
  const [open, setOpen] = useState(false);
  const [details, setDetails] = useState<Details>(() => ({
    name: device.name,
    manufacturer: device.manufacturer ?? '',
    model: device.model ?? '',
    serial: device.serial ?? '',
    location: device.location ?? '',
  }));
  // Suggestions only: while they load, or if they fail, the field takes any name as before.
  const makers = useQuery({ ...simpleDeviceQueries.manufacturers(), enabled: open });
  const makersList = useId();
  const save = useSimpleMutation(vesselId, 'Saving the device', () => simpleDeviceActions.update(device.id, { ...details, name: details.name.trim() }));
  return (
    <details onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary>
        Edit details<span className="visually-hidden"> of {device.name}</span>
      </summary>
      <form
        className="simple-form"
        aria-label={`Details of ${device.name}`}
        onSubmit={(event) => {
          event.preventDefault();
          if (details.name.trim()) save.mutate(undefined);
        }}
      >
        {DETAILS.map(({ key, label }) => (
          <TextField
            key={key}
            label={label}
            required={key === 'name'}
            maxLength={100}
            list={key === 'manufacturer' ? makersList : undefined}
            autoComplete="off"
            value={details[key]}
            onChange={(event) => setDetails({ ...details, [key]: event.target.value })}
          />
        ))}
        <datalist id={makersList}>
          {makers.data?.map((maker) => (
            <option key={maker.code} value={maker.name} />
          ))}
        </datalist>
        <button type="submit" className="button" disabled={!details.name.trim() || save.isPending}>
          Save details
        </button>
      </form>
    </details>
  );
}
