import { useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '../../app/services';
import { reportActionFailure } from '../../app/failures';
import { TextField } from '../forms/Field';
import { useFormatters } from '../profile/usePreferences';
import { PairBridgeModal } from './PairBridgeModal';
import { vesselActions, vesselKeys } from './queries';
import type { VesselDetail } from './types';
import './vessels.css';

export function SettingsTab({ vesselId, vessel }: { vesselId: number; vessel: VesselDetail }) {
  const [pairing, setPairing] = useState(false);
  const queryClient = useQueryClient();
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
  const notifications = useMutation({
    mutationFn: (enabled: boolean) => vesselActions.setUserNotifications(vesselId, enabled),
    onSuccess: (_data, enabled) => {
      toast.success(enabled ? 'Notifications switched on' : 'Notifications switched off');
      void queryClient.invalidateQueries({ queryKey: vesselKeys.detail(vesselId), exact: true });
    },
    onError: (error) => reportActionFailure('Changing notifications', error),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (name.trim()) save.mutate();
  };

  return (
    <div className="settings-grid">
      <form className="card form" onSubmit={submit}>
        <h2>Vessel</h2>
        <TextField label="Name" required disabled={!canEdit} value={name} onChange={(event) => setName(event.target.value)} />
        <TextField label="Group" disabled={!canEdit} value={groupName} onChange={(event) => setGroupName(event.target.value)} hint="Vessels with the same group are listed together." />
        {canEdit ? (
          <div className="button-row">
            <button type="submit" className="button button--primary" disabled={save.isPending || (name === vessel.name && groupName === (vessel.groupName ?? ''))}>
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
        ) : (
          <>
            <p>No bridge is paired to this vessel.</p>
            <button type="button" className="button button--primary" onClick={() => setPairing(true)}>
              Pair a bridge
            </button>
          </>
        )}
      </section>
      <section className="card">
        <h2>Cloud services</h2>
        {vessel.vesselSubscription?.valid ? (
          <p>Active{vessel.vesselSubscription.validUntil ? ` until ${format.date(vessel.vesselSubscription.validUntil)}` : ''}.</p>
        ) : (
          <p className="text-warning">This vessel has no active cloud services.</p>
        )}
      </section>
      <section className="card">
        <h2>Notifications</h2>
        <p>Alerts of this vessel can be sent to you by e-mail and to the mobile app.</p>
        <div className="button-row">
          <button type="button" className="button" disabled={notifications.isPending} onClick={() => notifications.mutate(true)}>
            Switch on
          </button>
          <button type="button" className="button" disabled={notifications.isPending} onClick={() => notifications.mutate(false)}>
            Switch off
          </button>
        </div>
      </section>
      {pairing ? <PairBridgeModal vesselId={vesselId} onClose={() => setPairing(false)} /> : null}
    </div>
  );
}
