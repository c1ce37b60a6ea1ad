import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { APP_IMAGE_SLOTS, APP_START_PAGES, type AppImageSlot, type AppSetting, type AppSettingFields } from '../../../../contracts/vessels';
import { toast } from '../../app/services';
import { reportActionFailure } from '../../app/failures';
import { isApiError } from '../../lib/api';
import { IMAGE_UPLOAD, uploadFailure, uploadProblem } from '../../lib/uploads';
import { deviceQueries } from '../devices/queries';
import { SelectField, TextField } from '../forms/Field';
import { DelayedSpinner } from '../loading/DelayedSpinner';
import { ConfirmModal } from '../modal/ConfirmModal';
import { Modal } from '../modal/Modal';
import { appSettingActions, appSettingQueries } from './queries';
import { chooseScreenSetting, useScreenSettingId } from './screenSetting';
import './appSettings.css';
import { RetryButton } from '../errors/RetryButton';

const PAGE_NAMES: Record<(typeof APP_START_PAGES)[number], string> = {
  overview: 'Overview',
  devices: 'Devices',
  alerts: 'Alerts',
  location: 'Location',
  cameras: 'Cameras',
};
const SLOT_NAMES: Record<AppImageSlot, string> = {
  lightPortrait: 'Light theme, portrait',
  lightLandscape: 'Light theme, landscape',
  darkPortrait: 'Dark theme, portrait',
  darkLandscape: 'Dark theme, landscape',
};
const BLANK: AppSettingFields = { name: '', deviceIds: [], gaugePropertyIds: [], startPage: 'overview' };

const toggled = (ids: number[], id: number) => (ids.includes(id) ? ids.filter((x) => x !== id) : [...ids, id]);

/** What the phone app and each on-board display show: one setting per screen, chosen there by name. */
export function AppSettingsSection({ vesselId, canManage }: { vesselId: number; canManage: boolean }) {
  const queryClient = useQueryClient();
  const list = useQuery(appSettingQueries.list(vesselId));
  const [editing, setEditing] = useState<AppSetting | 'new' | null>(null);
  const [deleting, setDeleting] = useState<AppSetting | null>(null);
  const shownHere = useScreenSettingId(vesselId);
  const refresh = () => queryClient.invalidateQueries({ queryKey: appSettingQueries.list(vesselId).queryKey });
  const remove = useMutation({
    mutationFn: (setting: AppSetting) => appSettingActions.remove(vesselId, setting.id),
    onSuccess: () => {
      toast.success('App setting deleted');
      setDeleting(null);
      return refresh();
    },
    onError: (error) => reportActionFailure('Deleting the app setting', error),
  });

  return (
    <section className="card app-settings" aria-labelledby="app-settings-title">
      <h2 id="app-settings-title">App and display settings</h2>
      <p className="muted">
        What the phone app and the on-board displays show. Each screen picks a setting by its name with “Show on this screen”: the vessel then opens on its
        start page, the Devices tab lists its devices, the Overview shows its gauges and the page its background.
      </p>
      <DelayedSpinner loading={list.isPending} label="Loading app settings…" />
      {list.isError ? (
        <p className="form-error" role="alert">
          The app settings could not be loaded. <RetryButton error={list.error} onRetry={() => list.refetch()} />
        </p>
      ) : null}
      {list.isSuccess && list.data.length === 0 ? <p className="empty-state">No app settings yet: screens show the vessel overview.</p> : null}
      <ul className="list">
        {(list.data ?? []).map((setting) => (
          <li key={setting.id} className="list__item">
            <span>
              <strong>{setting.name}</strong>
              <span className="muted">
                {' '}
                · opens on {PAGE_NAMES[setting.startPage]} · {setting.deviceIds.length} devices · {setting.gaugePropertyIds.length} gauges
              </span>
            </span>
            <span className="button-row">
              <button
                type="button"
                className="button button--small"
                aria-pressed={shownHere === setting.id}
                aria-label={`Show ${setting.name} on this screen`}
                onClick={() => {
                  chooseScreenSetting(vesselId, shownHere === setting.id ? null : setting.id);
                  toast.success(shownHere === setting.id ? 'This screen shows the whole vessel again' : `This screen now shows ${setting.name}`);
                }}
              >
                {shownHere === setting.id ? 'Shown on this screen' : 'Show on this screen'}
              </button>
            </span>
            {canManage ? (
              <span className="button-row">
                <button type="button" className="button button--small" onClick={() => setEditing(setting)} aria-label={`Edit ${setting.name}`}>
                  Edit
                </button>
                <button
                  type="button"
                  className="button button--small button--danger"
                  onClick={() => setDeleting(setting)}
                  aria-label={`Delete ${setting.name}`}
                >
                  Delete
                </button>
              </span>
            ) : null}
          </li>
        ))}
      </ul>
      {canManage ? (
        <button type="button" className="button" onClick={() => setEditing('new')}>
          Add an app setting
        </button>
      ) : null}
      {editing ? <AppSettingModal vesselId={vesselId} setting={editing === 'new' ? null : editing} onClose={() => setEditing(null)} /> : null}
      {deleting ? (
        <ConfirmModal
          title="Delete app setting"
          confirmLabel="Delete"
          pending={remove.isPending}
          onConfirm={() => remove.mutate(deleting)}
          onClose={() => setDeleting(null)}
        >
          <p>Screens using {deleting.name} go back to the vessel overview.</p>
        </ConfirmModal>
      ) : null}
    </section>
  );
}

function AppSettingModal({ vesselId, setting, onClose }: { vesselId: number; setting: AppSetting | null; onClose: () => void }) {
  const queryClient = useQueryClient();
  const devices = useQuery(deviceQueries.list(vesselId));
  const [fields, setFields] = useState<AppSettingFields>(setting ?? BLANK);
  const [current, setCurrent] = useState(setting);
  const [open, setOpen] = useState(true);
  const [imageError, setImageError] = useState<string | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: appSettingQueries.list(vesselId).queryKey });
  const save = useMutation({
    mutationFn: () => (current ? appSettingActions.update(vesselId, current.id, fields) : appSettingActions.create(vesselId, fields)),
    onSuccess: (saved) => {
      toast.success(current ? 'App setting saved' : 'App setting added: you can now set its images');
      setCurrent(saved);
      setFields(saved);
      void refresh();
      if (current) setOpen(false);
    },
    onError: (error) => reportActionFailure('Saving the app setting', error),
  });
  const upload = useMutation({
    mutationFn: ({ slot, file }: { slot: AppImageSlot; file: File }) => appSettingActions.setImage(vesselId, current!.id, slot, file),
    onSuccess: (saved) => {
      toast.success('Image saved');
      setCurrent(saved);
      return refresh();
    },
    onError: (error) => setImageError(uploadFailure(isApiError(error) ? error.status : null, IMAGE_UPLOAD) ?? 'The image could not be saved.'),
  });
  const chooseImage = (slot: AppImageSlot, file: File | undefined) => {
    if (!file) return;
    const problem = uploadProblem(file, IMAGE_UPLOAD);
    setImageError(problem);
    if (!problem) upload.mutate({ slot, file });
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (fields.name.trim()) save.mutate();
  };
  const numeric = (devices.data ?? []).flatMap((device) =>
    device.properties.filter((p) => typeof p.value === 'number').map((property) => ({ device, property })),
  );

  return (
    <Modal
      open={open}
      title={current ? `App setting ${current.name}` : 'New app setting'}
      onClose={onClose}
      dirty={JSON.stringify(fields) !== JSON.stringify(current ?? BLANK)}
      footer={
        <button type="submit" form="app-setting-form" className="button button--primary" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : current ? 'Save' : 'Add'}
        </button>
      }
    >
      <form id="app-setting-form" className="form" onSubmit={submit}>
        <TextField label="Name" required maxLength={100} value={fields.name} onChange={(event) => setFields({ ...fields, name: event.target.value })} />
        <SelectField
          label="Opens on"
          value={fields.startPage}
          onChange={(event) => setFields({ ...fields, startPage: event.target.value as AppSettingFields['startPage'] })}
          options={APP_START_PAGES.map((page) => ({ value: page, label: PAGE_NAMES[page] }))}
        />
        <DelayedSpinner loading={devices.isPending} label="Loading devices…" />
        {devices.isError ? <p className="form-error">The devices could not be loaded.</p> : null}
        {devices.isSuccess && devices.data.length === 0 ? <p className="empty-state">The vessel reports no devices yet.</p> : null}
        {devices.isSuccess && devices.data.length > 0 ? (
          <fieldset className="app-settings__choices">
            <legend>Devices shown</legend>
            {devices.data.map((device) => (
              <label key={device.id} className="checkbox">
                <input
                  type="checkbox"
                  checked={fields.deviceIds.includes(device.id)}
                  onChange={() => setFields({ ...fields, deviceIds: toggled(fields.deviceIds, device.id) })}
                />
                {device.name}
              </label>
            ))}
          </fieldset>
        ) : null}
        {numeric.length > 0 ? (
          <fieldset className="app-settings__choices">
            <legend>Gauges (at most 24)</legend>
            {numeric.map(({ device, property }) => (
              <label key={property.id} className="checkbox">
                <input
                  type="checkbox"
                  checked={fields.gaugePropertyIds.includes(property.id)}
                  disabled={!fields.gaugePropertyIds.includes(property.id) && fields.gaugePropertyIds.length >= 24}
                  onChange={() => setFields({ ...fields, gaugePropertyIds: toggled(fields.gaugePropertyIds, property.id) })}
                />
                {device.name}: {property.displayName}
              </label>
            ))}
          </fieldset>
        ) : null}
      </form>
      {current ? (
        <fieldset className="app-settings__choices">
          <legend>Background images</legend>
          <p className="field__hint">
            {IMAGE_UPLOAD.typesInWords}, up to {IMAGE_UPLOAD.maxBytes / 1024 / 1024} MB each; saved as soon as chosen.
          </p>
          {APP_IMAGE_SLOTS.map((slot) => (
            <div key={slot} className="field">
              <label htmlFor={`app-image-${slot}`} className="field__label">
                {SLOT_NAMES[slot]} {current.images[slot] ? <span className="chip">Set</span> : <span className="chip chip--neutral">None</span>}
              </label>
              <input
                id={`app-image-${slot}`}
                className="input"
                type="file"
                accept={IMAGE_UPLOAD.types.join(',')}
                disabled={upload.isPending}
                onChange={(event) => chooseImage(slot, event.target.files?.[0])}
              />
            </div>
          ))}
          {imageError ? (
            <p className="form-error" role="alert">
              {imageError}
            </p>
          ) : null}
        </fieldset>
      ) : null}
    </Modal>
  );
}
