import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TextField } from '../forms/Field';
import { simpleDeviceActions, simpleDeviceQueries } from './queries';
import type { SimpleDevice } from './types';
import { useSimpleMutation } from './useSimpleMutation';

/** The details' fields; each one's label is the catalogue's `details.<key>`. */
const DETAILS = ['name', 'manufacturer', 'model', 'serial', 'location'] as const;

type Details = Record<(typeof DETAILS)[number], string>;

/** A device's name, manufacturer, model, serial number and place on board, behind a disclosure. */
export function DeviceDetailsForm({ vesselId, device }: { vesselId: number; device: SimpleDevice }) {
  const { t } = useTranslation('simpleDevices');
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
  const save = useSimpleMutation(vesselId, t('details.saving'), () => simpleDeviceActions.update(device.id, { ...details, name: details.name.trim() }));
  return (
    <details onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary aria-label={t('details.editOf', { name: device.name })}>{t('details.edit')}</summary>
      <form
        className="simple-form"
        aria-label={t('details.formLabel', { name: device.name })}
        onSubmit={(event) => {
          event.preventDefault();
          if (details.name.trim()) save.mutate(undefined);
        }}
      >
        {DETAILS.map((key) => (
          <TextField
            key={key}
            label={t(`details.${key}`)}
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
          {t('details.save')}
        </button>
      </form>
    </details>
  );
}
