import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { failureMessage } from '../../lib/failureMessage';
import { deviceQueries } from '../devices/queries';
import { SelectField, TextField } from '../forms/Field';
import { DelayedSpinner } from '../loading/DelayedSpinner';
import { useFormatters } from '../profile/usePreferences';
import { simpleDeviceActions, simpleDeviceQueries } from './queries';
import { DeviceDetailsForm } from './DeviceDetailsForm';
import type { SimpleDevice, SimpleDeviceField } from './types';
import { useSimpleMutation } from './useSimpleMutation';
import './simpleDevices.css';

/** A picker entry for each bridge property: its device, name, current value and units. */
function usePropertyOptions(vesselId: number) {
  const devices = useQuery(deviceQueries.list(vesselId));
  const format = useFormatters();
  return (devices.data ?? []).flatMap((device) =>
    device.properties.map((property) => ({
      value: String(property.id),
      label: `${device.name} · ${property.displayName} (${format.value(property.value, property.units, property.path)})`,
    })),
  );
}

/** "My devices": devices the owner defines from templates, their fields mapped to bridge properties. */
export function SimpleDevicesEditor({ vesselId, canManage }: { vesselId: number; canManage: boolean }) {
  const { t } = useTranslation('simpleDevices');
  const list = useQuery(simpleDeviceQueries.list(vesselId));
  const templates = useQuery(simpleDeviceQueries.templates());
  const [type, setType] = useState('tank');
  const [name, setName] = useState('');
  const create = useSimpleMutation(vesselId, t('editor.adding'), () => simpleDeviceActions.create(vesselId, type, name.trim()).then(() => setName('')));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (name.trim()) create.mutate(undefined);
  };

  return (
    <section className="simple-devices" aria-labelledby="simple-devices-title">
      <h2 id="simple-devices-title">{t('editor.title')}</h2>
      <DelayedSpinner loading={list.isPending} label={t('editor.loading')} />
      {list.isError ? (
        <p className="form-error" role="alert">
          {failureMessage(list.error, t('editor.loadFailed'))}{' '}
          <button type="button" className="link-button" onClick={() => void list.refetch()}>
            {t('editor.tryAgain')}
          </button>
        </p>
      ) : null}
      {list.isSuccess && list.data.length === 0 ? (
        <div className="empty-state">
          <p>{t('editor.empty')}</p>
        </div>
      ) : null}
      {(list.data ?? []).map((device) => (
        <SimpleDeviceCard key={device.id} vesselId={vesselId} device={device} canManage={canManage} />
      ))}
      {canManage ? (
        <form className="simple-form card" onSubmit={submit} aria-label={t('editor.newDevice')}>
          <SelectField
            label={t('editor.template')}
            value={type}
            onChange={(event) => setType(event.target.value)}
            options={(templates.data ?? []).map((template) => ({ value: template.type, label: template.label }))}
          />
          <TextField label={t('editor.name')} required maxLength={100} value={name} onChange={(event) => setName(event.target.value)} />
          <button type="submit" className="button button--primary" disabled={!name.trim() || create.isPending}>
            {t('editor.add')}
          </button>
        </form>
      ) : null}
    </section>
  );
}

function SimpleDeviceCard({ vesselId, device, canManage }: { vesselId: number; device: SimpleDevice; canManage: boolean }) {
  const { t } = useTranslation('simpleDevices');
  const remove = useSimpleMutation(vesselId, t('editor.deleting'), () => simpleDeviceActions.remove(device.id));
  const order = useSimpleMutation(vesselId, t('editor.reordering'), (fieldIds: number[]) => simpleDeviceActions.order(device.id, fieldIds));
  const location = useSimpleMutation(vesselId, t('editor.switchingLocation'), (on: boolean) => simpleDeviceActions.setLocation(device.id, on));
  const ids = device.fields.map((f) => f.id);
  const move = (index: number, by: -1 | 1) => {
    const next = [...ids];
    [next[index], next[index + by]] = [next[index + by], next[index]];
    order.mutate(next);
  };

  return (
    <article className="card" aria-labelledby={`simple-device-${device.id}`}>
      <header className="simple-device__header">
        <h3 id={`simple-device-${device.id}`}>{device.name}</h3>
        {canManage ? (
          <button
            type="button"
            className="button button--danger"
            disabled={remove.isPending}
            onClick={() => remove.mutate(undefined)}
            aria-label={t('editor.deleteLabel', { name: device.name })}
          >
            {t('editor.delete')}
          </button>
        ) : null}
      </header>
      {device.fields.length === 0 ? <p className="muted">{t('editor.noFields')}</p> : null}
      <ul className="simple-fields">
        {device.fields.map((field, index) => (
          <FieldRow
            key={field.id}
            vesselId={vesselId}
            field={field}
            canManage={canManage}
            onUp={index > 0 ? () => move(index, -1) : undefined}
            onDown={index < ids.length - 1 ? () => move(index, 1) : undefined}
          />
        ))}
      </ul>
      <label className="simple-form">
        <input
          type="checkbox"
          checked={device.locationEnabled}
          disabled={!canManage || location.isPending}
          onChange={(event) => location.mutate(event.target.checked)}
        />
        {t('editor.showPosition')}
      </label>
      {canManage ? <PositionForm vesselId={vesselId} device={device} /> : null}
      {canManage ? <DeviceDetailsForm vesselId={vesselId} device={device} /> : null}
    </article>
  );
}

function FieldRow({
  vesselId,
  field,
  canManage,
  onUp,
  onDown,
}: {
  vesselId: number;
  field: SimpleDeviceField;
  canManage: boolean;
  onUp?: () => void;
  onDown?: () => void;
}) {
  const { t } = useTranslation('simpleDevices');
  const options = usePropertyOptions(vesselId);
  const map = useSimpleMutation(vesselId, t('editor.mapping'), (propertyId: string) =>
    propertyId ? simpleDeviceActions.map(field.id, Number(propertyId)) : simpleDeviceActions.unmap(field.id),
  );
  const include = useSimpleMutation(vesselId, t('editor.changingGauges'), (on: boolean) => simpleDeviceActions.includeInGauges(field.id, on));
  return (
    <li className="simple-field">
      <span className="simple-field__name">{field.name}</span>
      <SelectField
        label={t('editor.propertyShownIn', { field: field.name })}
        value={field.propertyId === null ? '' : String(field.propertyId)}
        placeholder={t('editor.notMapped')}
        options={options}
        disabled={!canManage || map.isPending}
        onChange={(event) => map.mutate(event.target.value)}
      />
      <label>
        <input
          type="checkbox"
          checked={field.includeInGauges}
          disabled={!canManage || include.isPending}
          onChange={(event) => include.mutate(event.target.checked)}
        />{' '}
        {t('editor.gauge')}
      </label>
      {canManage ? (
        <span className="button-row">
          <button type="button" className="button" disabled={!onUp} onClick={onUp} aria-label={t('editor.upLabel', { name: field.name })}>
            {t('editor.up')}
          </button>
          <button type="button" className="button" disabled={!onDown} onClick={onDown} aria-label={t('editor.downLabel', { name: field.name })}>
            {t('editor.down')}
          </button>
        </span>
      ) : null}
    </li>
  );
}

function PositionForm({ vesselId, device }: { vesselId: number; device: SimpleDevice }) {
  const { t } = useTranslation('simpleDevices');
  const [lat, setLat] = useState(device.position ? String(device.position.lat) : '');
  const [lon, setLon] = useState(device.position ? String(device.position.lon) : '');
  const save = useSimpleMutation(vesselId, t('editor.savingPosition'), () => simpleDeviceActions.setPosition(device.id, Number(lat), Number(lon)));
  const valid = lat !== '' && lon !== '' && Math.abs(Number(lat)) <= 90 && Math.abs(Number(lon)) <= 180;
  return (
    <form
      className="simple-form"
      aria-label={t('editor.positionOf', { name: device.name })}
      onSubmit={(event) => {
        event.preventDefault();
        if (valid) save.mutate(undefined);
      }}
    >
      <TextField label={t('editor.latitude')} inputMode="decimal" value={lat} onChange={(event) => setLat(event.target.value)} />
      <TextField label={t('editor.longitude')} inputMode="decimal" value={lon} onChange={(event) => setLon(event.target.value)} />
      <button type="submit" className="button" disabled={!valid || save.isPending}>
        {t('editor.savePosition')}
      </button>
    </form>
  );
}
