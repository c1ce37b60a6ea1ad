import { useRef, useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { toast } from '../../app/services';
import { reportActionFailure } from '../../app/failures';
import { isApiError } from '../../lib/api';
import { failureMessage } from '../../lib/failureMessage';
import { IMAGE_UPLOAD, uploadFailure, uploadProblem } from '../../lib/uploads';
import { TextField } from '../forms/Field';
import { CodeConfirmModal } from '../modal/CodeConfirmModal';
import { Modal } from '../modal/Modal';
import { useFormatters } from '../profile/usePreferences';
import { lifecycleActions } from './lifecycle';
import { PairBridgeModal } from './PairBridgeModal';
import { vesselActions, vesselKeys } from './queries';
import type { VesselDetail } from './types';
import './vessels.css';

type Dialog = 'pair' | 'unpair' | 'delete' | null;

export function SettingsTab({ vesselId, vessel }: { vesselId: number; vessel: VesselDetail }) {
  const { t } = useTranslation('vessels');
  const [dialog, setDialog] = useState<Dialog>(null);
  const [unpaired, setUnpaired] = useState<{ serial: string; pairingCode: string } | null>(null);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const imageInput = useRef<HTMLInputElement>(null);
  const [imageError, setImageError] = useState<string | null>(null);
  const isOwner = vessel.permissions.billingManager === 'MANAGE' && vessel.permissions.allowEditVessel;
  const format = useFormatters();
  const [name, setName] = useState(vessel.name);
  const [groupName, setGroupName] = useState(vessel.groupName ?? '');
  const canEdit = vessel.permissions.allowEditVessel;

  const save = useMutation({
    mutationFn: () => vesselActions.update(vesselId, { name: name.trim(), groupName: groupName.trim() || null }),
    onSuccess: () => {
      toast.success(t('settings.saved'));
      void queryClient.invalidateQueries({ queryKey: vesselKeys.detail(vesselId), exact: true });
      void queryClient.invalidateQueries({ queryKey: vesselKeys.all, exact: true });
    },
    onError: (error) => reportActionFailure(t('settings.saving'), error),
  });

  const image = useMutation({
    mutationFn: (file: File) => lifecycleActions.setImage(vesselId, file),
    onSuccess: () => {
      toast.success(t('settings.pictureSaved'));
      setImageError(null);
      if (imageInput.current) imageInput.current.value = '';
      void queryClient.invalidateQueries({ queryKey: vesselKeys.detail(vesselId), exact: true });
      void queryClient.invalidateQueries({ queryKey: vesselKeys.all, exact: true });
    },
    onError: (error) =>
      setImageError(uploadFailure(isApiError(error) ? error.status : null, IMAGE_UPLOAD) ?? failureMessage(error, t('settings.pictureFailed'))),
  });
  const chooseImage = () => {
    const file = imageInput.current?.files?.[0];
    if (!file) return;
    const problem = uploadProblem(file, IMAGE_UPLOAD);
    setImageError(problem);
    if (!problem) image.mutate(file);
  };
  const refreshVessel = () => {
    void queryClient.invalidateQueries({ queryKey: vesselKeys.detail(vesselId) });
    void queryClient.invalidateQueries({ queryKey: vesselKeys.all, exact: true });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (name.trim()) save.mutate();
  };

  return (
    <div className="settings-grid">
      <form className="card form" onSubmit={submit}>
        <h2>{t('settings.vessel')}</h2>
        <TextField label={t('create.name')} required disabled={!canEdit} value={name} onChange={(event) => setName(event.target.value)} />
        <TextField
          label={t('create.group')}
          disabled={!canEdit}
          value={groupName}
          onChange={(event) => setGroupName(event.target.value)}
          hint={t('settings.groupHint')}
        />
        {canEdit ? (
          <div className="field">
            <label htmlFor="vessel-image" className="field__label">
              {t('create.picture')}
            </label>
            <input
              id="vessel-image"
              ref={imageInput}
              className="input"
              type="file"
              accept={IMAGE_UPLOAD.types.join(',')}
              onChange={chooseImage}
              disabled={image.isPending}
              aria-describedby="vessel-image-hint"
            />
            <p id="vessel-image-hint" className="field__hint">
              {t('settings.pictureHint', { types: IMAGE_UPLOAD.typesInWords, megabytes: IMAGE_UPLOAD.maxBytes / 1024 / 1024 })}
            </p>
            {imageError ? (
              <p className="field__error" role="alert">
                {imageError}
              </p>
            ) : null}
          </div>
        ) : null}
        {canEdit ? (
          <div className="button-row">
            <button
              type="submit"
              className="button button--primary"
              disabled={save.isPending || (name === vessel.name && groupName === (vessel.groupName ?? ''))}
            >
              {t('settings.save')}
            </button>
          </div>
        ) : (
          <p className="muted">{t('settings.mayNotEdit')}</p>
        )}
      </form>
      <section className="card">
        <h2>{t('settings.bridge')}</h2>
        {vessel.reportingClient ? (
          <dl className="key-figures">
            <div>
              <dt>{t('settings.serial')}</dt>
              <dd>{vessel.reportingClient.serial}</dd>
            </div>
            <div>
              <dt>{t('settings.software')}</dt>
              <dd>{vessel.reportingClient.version ?? '—'}</dd>
            </div>
            <div>
              <dt>{t('settings.state')}</dt>
              <dd>{vessel.online ? t('online.online') : t('online.offline')}</dd>
            </div>
            <div>
              <dt>{t('overview.lastSeen')}</dt>
              <dd>{vessel.lastSeen ? format.localAndUtc(vessel.lastSeen) : t('overview.never')}</dd>
            </div>
          </dl>
        ) : null}
        {vessel.reportingClient && isOwner ? (
          <div className="button-row">
            <button type="button" className="button button--danger" onClick={() => setDialog('unpair')}>
              {t('settings.unpair')}
            </button>
          </div>
        ) : null}
        {vessel.reportingClient ? null : (
          <>
            <p>{t('settings.noBridge')}</p>
            <button type="button" className="button button--primary" onClick={() => setDialog('pair')}>
              {t('pair.title')}
            </button>
          </>
        )}
      </section>
      <section className="card">
        <h2>{t('settings.cloud')}</h2>
        {vessel.vesselSubscription?.valid ? (
          <p>
            {vessel.vesselSubscription.validUntil
              ? t('settings.activeUntil', { until: format.date(vessel.vesselSubscription.validUntil) })
              : t('settings.active')}
          </p>
        ) : vessel.cloudServices?.inTestPeriod && vessel.cloudServices.testPeriodUntil ? (
          <p>{t('settings.trial', { until: format.date(vessel.cloudServices.testPeriodUntil) })}</p>
        ) : (
          <p className="text-warning">{t('settings.noServices')}</p>
        )}
        {vessel.permissions.billingManager === 'MANAGE' ? (
          <div className="button-row">
            <Link to="/dashboard/vessels/$vesselId/subscribe" params={{ vesselId }} className="button">
              {vessel.vesselSubscription?.valid ? t('settings.products') : t('settings.subscribe')}
            </Link>
          </div>
        ) : (
          <p className="muted">{t('settings.billingElsewhere')}</p>
        )}
      </section>
      {isOwner ? (
        <section className="card">
          <h2>{t('settings.deleteTitle')}</h2>
          <p>{t('settings.deleteText')}</p>
          <div className="button-row">
            <button type="button" className="button button--danger" onClick={() => setDialog('delete')}>
              {t('settings.delete', { name: vessel.name })}
            </button>
          </div>
        </section>
      ) : null}
      {dialog === 'pair' ? <PairBridgeModal vesselId={vesselId} onClose={() => setDialog(null)} /> : null}
      {dialog === 'unpair' && vessel.reportingClient ? (
        <CodeConfirmModal
          title={t('settings.unpair')}
          consequences={<p>{t('settings.unpairText', { serial: vessel.reportingClient.serial, name: vessel.name })}</p>}
          confirmLabel={t('settings.sendCode')}
          request={() => lifecycleActions.requestUnlink(vesselId)}
          complete={(code) => lifecycleActions.completeUnlink(vesselId, code)}
          onDone={(result) => {
            toast.success(t('settings.unpaired'));
            setUnpaired(result.bridge);
            refreshVessel();
          }}
          onClose={() => setDialog(null)}
        />
      ) : null}
      {unpaired ? <NewPairingCodeModal bridge={unpaired} onClose={() => setUnpaired(null)} /> : null}
      {dialog === 'delete' ? (
        <CodeConfirmModal
          title={t('settings.delete', { name: vessel.name })}
          consequences={<p>{t('settings.deleteConsequences', { name: vessel.name })}</p>}
          confirmLabel={t('settings.sendCode')}
          request={() => lifecycleActions.requestDelete(vesselId)}
          complete={(code) => lifecycleActions.confirmDelete(code)}
          onDone={() => {
            toast.success(t('settings.deleted', { name: vessel.name }));
            queryClient.removeQueries({ queryKey: vesselKeys.detail(vesselId) });
            void queryClient.invalidateQueries({ queryKey: vesselKeys.all, exact: true });
            void navigate({ to: '/dashboard' });
          }}
          onClose={() => setDialog(null)}
        />
      ) : null}
    </div>
  );
}

/**
 * The unpaired bridge's fresh pairing code: the code printed on it stopped working with the
 * unpairing, so this is the one to pair it again with, here or on the next owner's vessel.
 */
function NewPairingCodeModal({ bridge, onClose }: { bridge: { serial: string; pairingCode: string }; onClose: () => void }) {
  const { t } = useTranslation('vessels');
  const [open, setOpen] = useState(true);
  const shown = `${bridge.pairingCode.slice(0, 4)}-${bridge.pairingCode.slice(4)}`;
  return (
    <Modal
      open={open}
      title={t('newCode.title')}
      onClose={onClose}
      footer={
        <button type="button" className="button button--primary" onClick={() => setOpen(false)}>
          {t('newCode.noted')}
        </button>
      }
    >
      <p>{t('newCode.text', { serial: bridge.serial })}</p>
      <p className="pairing-code" data-testid="new-pairing-code">
        <code>{shown}</code>
      </p>
      <p className="muted">{t('newCode.lost')}</p>
    </Modal>
  );
}
