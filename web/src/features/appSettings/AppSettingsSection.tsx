import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
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
import { i18n } from '../../i18n';

// A start page is named as the vessel's tab of that name (the vessels namespace).
const pageName = (page: (typeof APP_START_PAGES)[number]) => i18n.t(`vessels:tabs.${page}`);
const BLANK: AppSettingFields = { name: '', deviceIds: [], gaugePropertyIds: [], startPage: 'overview' };

const toggled = (ids: number[], id: number) => (ids.includes(id) ? ids.filter((x) => x !== id) : [...ids, id]);

/** What the phone app and each on-board display show: one setting per screen, chosen there by name. */
export function AppSettingsSection({ vesselId, canManage }: { vesselId: number; canManage: boolean }) {
  const { t } = useTranslation('appSettings');
  const queryClient = useQueryClient();
  const list = useQuery(appSettingQueries.list(vesselId));
  const [editing, setEditing] = useState<AppSetting | 'new' | null>(null);
  const [deleting, setDeleting] = useState<AppSetting | null>(null);
  const shownHere = useScreenSettingId(vesselId);
  const refresh = () => queryClient.invalidateQueries({ queryKey: appSettingQueries.list(vesselId).queryKey });
  const remove = useMutation({
    mutationFn: (setting: AppSetting) => appSettingActions.remove(vesselId, setting.id),
    onSuccess: () => {
      toast.success(t('section.deleted'));
      setDeleting(null);
      return refresh();
    },
    onError: (error) => reportActionFailure(t('section.deleting'), error),
  });

  return (
    <section className="card app-settings" aria-labelledby="app-settings-title">
      <h2 id="app-settings-title">{t('section.title')}</h2>
      <p className="muted">{t('section.intro')}</p>
      <DelayedSpinner loading={list.isPending} label={t('section.loading')} />
      {list.isError ? (
        <p className="form-error" role="alert">
          {t('section.loadFailed')} <RetryButton error={list.error} onRetry={() => list.refetch()} />
        </p>
      ) : null}
      {list.isSuccess && list.data.length === 0 ? <p className="empty-state">{t('section.empty')}</p> : null}
      <ul className="list">
        {(list.data ?? []).map((setting) => (
          <li key={setting.id} className="list__item">
            <span>
              <strong>{setting.name}</strong>
              <span className="muted">
                {' '}
                · {t('section.opensOn', { page: pageName(setting.startPage) })} · {t('section.devices', { count: setting.deviceIds.length })} ·{' '}
                {t('section.gauges', { count: setting.gaugePropertyIds.length })}
              </span>
            </span>
            <span className="button-row">
              <button
                type="button"
                className="button button--small"
                aria-pressed={shownHere === setting.id}
                aria-label={t('section.showLabel', { name: setting.name })}
                onClick={() => {
                  chooseScreenSetting(vesselId, shownHere === setting.id ? null : setting.id);
                  toast.success(shownHere === setting.id ? t('section.wholeVessel') : t('section.nowShows', { name: setting.name }));
                }}
              >
                {shownHere === setting.id ? t('section.shown') : t('section.show')}
              </button>
            </span>
            {canManage ? (
              <span className="button-row">
                <button
                  type="button"
                  className="button button--small"
                  onClick={() => setEditing(setting)}
                  aria-label={t('section.editLabel', { name: setting.name })}
                >
                  {t('section.edit')}
                </button>
                <button
                  type="button"
                  className="button button--small button--danger"
                  onClick={() => setDeleting(setting)}
                  aria-label={t('section.deleteLabel', { name: setting.name })}
                >
                  {t('section.delete')}
                </button>
              </span>
            ) : null}
          </li>
        ))}
      </ul>
      {canManage ? (
        <button type="button" className="button" onClick={() => setEditing('new')}>
          {t('section.add')}
        </button>
      ) : null}
      {editing ? <AppSettingModal vesselId={vesselId} setting={editing === 'new' ? null : editing} onClose={() => setEditing(null)} /> : null}
      {deleting ? (
        <ConfirmModal
          title={t('section.deleteTitle')}
          confirmLabel={t('section.delete')}
          pending={remove.isPending}
          onConfirm={() => remove.mutate(deleting)}
          onClose={() => setDeleting(null)}
        >
          <p>{t('section.deleteText', { name: deleting.name })}</p>
        </ConfirmModal>
      ) : null}
    </section>
  );
}

function AppSettingModal({ vesselId, setting, onClose }: { vesselId: number; setting: AppSetting | null; onClose: () => void }) {
  const { t } = useTranslation('appSettings');
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
      toast.success(current ? t('form.saved') : t('form.added'));
      setCurrent(saved);
      setFields(saved);
      void refresh();
      if (current) setOpen(false);
    },
    onError: (error) => reportActionFailure(t('form.saving'), error),
  });
  const upload = useMutation({
    mutationFn: ({ slot, file }: { slot: AppImageSlot; file: File }) => appSettingActions.setImage(vesselId, current!.id, slot, file),
    onSuccess: (saved) => {
      toast.success(t('images.saved'));
      setCurrent(saved);
      return refresh();
    },
    onError: (error) => setImageError(uploadFailure(isApiError(error) ? error.status : null, IMAGE_UPLOAD) ?? t('images.saveFailed')),
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
      title={current ? t('form.title', { name: current.name }) : t('form.newTitle')}
      onClose={onClose}
      dirty={JSON.stringify(fields) !== JSON.stringify(current ?? BLANK)}
      footer={
        <button type="submit" form="app-setting-form" className="button button--primary" disabled={save.isPending}>
          {save.isPending ? t('form.savingButton') : current ? t('form.save') : t('form.add')}
        </button>
      }
    >
      <form id="app-setting-form" className="form" onSubmit={submit}>
        <TextField
          label={t('form.name')}
          required
          maxLength={100}
          value={fields.name}
          onChange={(event) => setFields({ ...fields, name: event.target.value })}
        />
        <SelectField
          label={t('form.opensOn')}
          value={fields.startPage}
          onChange={(event) => setFields({ ...fields, startPage: event.target.value as AppSettingFields['startPage'] })}
          options={APP_START_PAGES.map((page) => ({ value: page, label: pageName(page) }))}
        />
        <DelayedSpinner loading={devices.isPending} label={t('form.loadingDevices')} />
        {devices.isError ? <p className="form-error">{t('form.devicesFailed')}</p> : null}
        {devices.isSuccess && devices.data.length === 0 ? <p className="empty-state">{t('form.noDevices')}</p> : null}
        {devices.isSuccess && devices.data.length > 0 ? (
          <fieldset className="app-settings__choices">
            <legend>{t('form.devicesShown')}</legend>
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
            <legend>{t('form.gauges', { max: 24 })}</legend>
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
          <legend>{t('images.title')}</legend>
          <p className="field__hint">{t('images.hint', { megabytes: IMAGE_UPLOAD.maxBytes / 1024 / 1024 })}</p>
          {APP_IMAGE_SLOTS.map((slot) => (
            <div key={slot} className="field">
              <label htmlFor={`app-image-${slot}`} className="field__label">
                {t(`images.slots.${slot}`)}{' '}
                {current.images[slot] ? <span className="chip">{t('images.set')}</span> : <span className="chip chip--neutral">{t('images.none')}</span>}
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
