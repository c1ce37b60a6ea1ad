import { useRef, useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
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
      toast.success('Vessel saved');
      void queryClient.invalidateQueries({ queryKey: vesselKeys.detail(vesselId), exact: true });
      void queryClient.invalidateQueries({ queryKey: vesselKeys.all, exact: true });
    },
    onError: (error) => reportActionFailure('Saving the vessel', error),
  });

  const image = useMutation({
    mutationFn: (file: File) => lifecycleActions.setImage(vesselId, file),
    onSuccess: () => {
      toast.success('Picture saved');
      setImageError(null);
      if (imageInput.current) imageInput.current.value = '';
      void queryClient.invalidateQueries({ queryKey: vesselKeys.detail(vesselId), exact: true });
      void queryClient.invalidateQueries({ queryKey: vesselKeys.all, exact: true });
    },
    onError: (error) =>
      setImageError(uploadFailure(isApiError(error) ? error.status : null, IMAGE_UPLOAD) ?? failureMessage(error, 'The picture could not be saved.')),
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
        <h2>Vessel</h2>
        <TextField label="Name" required disabled={!canEdit} value={name} onChange={(event) => setName(event.target.value)} />
        <TextField
          label="Group"
          disabled={!canEdit}
          value={groupName}
          onChange={(event) => setGroupName(event.target.value)}
          hint="Vessels with the same group are listed together."
        />
        {canEdit ? (
          <div className="field">
            <label htmlFor="vessel-image" className="field__label">
              Picture
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
              {IMAGE_UPLOAD.typesInWords}, up to {IMAGE_UPLOAD.maxBytes / 1024 / 1024} MB. Saved as soon as it is chosen.
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
              Save
            </button>
          </div>
        ) : (
          <p className="muted">You may not edit this vessel.</p>
        )}
      </form>
      <section className="card">
        <h2>Bridge</h2>
        {vessel.reportingClient ? (
          <dl className="key-figures">
            <div>
              <dt>Serial</dt>
              <dd>{vessel.reportingClient.serial}</dd>
            </div>
            <div>
              <dt>Software</dt>
              <dd>{vessel.reportingClient.version ?? '—'}</dd>
            </div>
            <div>
              <dt>State</dt>
              <dd>{vessel.online ? 'Online' : 'Offline'}</dd>
            </div>
            <div>
              <dt>Last seen</dt>
              <dd>{vessel.lastSeen ? format.localAndUtc(vessel.lastSeen) : 'Never'}</dd>
            </div>
          </dl>
        ) : null}
        {vessel.reportingClient && isOwner ? (
          <div className="button-row">
            <button type="button" className="button button--danger" onClick={() => setDialog('unpair')}>
              Unpair the bridge
            </button>
          </div>
        ) : null}
        {vessel.reportingClient ? null : (
          <>
            <p>No bridge is paired to this vessel.</p>
            <button type="button" className="button button--primary" onClick={() => setDialog('pair')}>
              Pair a bridge
            </button>
          </>
        )}
      </section>
      <section className="card">
        <h2>Cloud services</h2>
        {vessel.vesselSubscription?.valid ? (
          <p>Active{vessel.vesselSubscription.validUntil ? ` until ${format.date(vessel.vesselSubscription.validUntil)}` : ''}.</p>
        ) : vessel.cloudServices?.inTestPeriod && vessel.cloudServices.testPeriodUntil ? (
          <p>Active in the test period after pairing, until {format.date(vessel.cloudServices.testPeriodUntil)}: subscribe to keep the services afterwards.</p>
        ) : (
          <p className="text-warning">This vessel has no active cloud services.</p>
        )}
        {vessel.permissions.billingManager === 'MANAGE' ? (
          <div className="button-row">
            <Link to="/dashboard/vessels/$vesselId/subscribe" params={{ vesselId }} className="button">
              {vessel.vesselSubscription?.valid ? 'Products, renewal and notice' : 'Subscribe or renew'}
            </Link>
          </div>
        ) : (
          <p className="muted">Whoever manages the vessel’s billing subscribes and renews.</p>
        )}
      </section>
      {isOwner ? (
        <section className="card">
          <h2>Delete the vessel</h2>
          <p>Deleting removes the vessel with its devices, history, alerts, documents, notes and the access of every member. It cannot be undone.</p>
          <div className="button-row">
            <button type="button" className="button button--danger" onClick={() => setDialog('delete')}>
              Delete {vessel.name}
            </button>
          </div>
        </section>
      ) : null}
      {dialog === 'pair' ? <PairBridgeModal vesselId={vesselId} onClose={() => setDialog(null)} /> : null}
      {dialog === 'unpair' && vessel.reportingClient ? (
        <CodeConfirmModal
          title="Unpair the bridge"
          consequences={
            <p>
              Bridge {vessel.reportingClient.serial} will stop reporting to {vessel.name}: no more live values, alerts or commands until a bridge is paired
              again. What it reported goes with the pairing: its devices, history, track and alerts are deleted, and the vessel it is paired with next starts
              without them.
            </p>
          }
          confirmLabel="Send me the code"
          request={() => lifecycleActions.requestUnlink(vesselId)}
          complete={(code) => lifecycleActions.completeUnlink(vesselId, code)}
          onDone={(result) => {
            toast.success('Bridge unpaired');
            setUnpaired(result.bridge);
            refreshVessel();
          }}
          onClose={() => setDialog(null)}
        />
      ) : null}
      {unpaired ? <NewPairingCodeModal bridge={unpaired} onClose={() => setUnpaired(null)} /> : null}
      {dialog === 'delete' ? (
        <CodeConfirmModal
          title={`Delete ${vessel.name}`}
          consequences={
            <p>{vessel.name} will be deleted with its devices, history, alerts, documents and notes, and every member loses access. This cannot be undone.</p>
          }
          confirmLabel="Send me the code"
          request={() => lifecycleActions.requestDelete(vesselId)}
          complete={(code) => lifecycleActions.confirmDelete(code)}
          onDone={() => {
            toast.success(`${vessel.name} deleted`);
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
  const [open, setOpen] = useState(true);
  const shown = `${bridge.pairingCode.slice(0, 4)}-${bridge.pairingCode.slice(4)}`;
  return (
    <Modal
      open={open}
      title="The bridge's new pairing code"
      onClose={onClose}
      footer={
        <button type="button" className="button button--primary" onClick={() => setOpen(false)}>
          I have noted it
        </button>
      }
    >
      <p>Bridge {bridge.serial} is unpaired. The code printed on it no longer works: to pair it again, here or on another vessel, use this one.</p>
      <p className="pairing-code" data-testid="new-pairing-code">
        <code>{shown}</code>
      </p>
      <p className="muted">An administrator can give the bridge another code later if this one is lost.</p>
    </Modal>
  );
}
