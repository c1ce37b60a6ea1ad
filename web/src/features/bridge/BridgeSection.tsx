import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from '../../app/services';
import { reportActionFailure } from '../../app/failures';
import { failureMessage } from '../../lib/failureMessage';
import { RetryButton } from '../errors/RetryButton';
import { SelectField, TextField } from '../forms/Field';
import { DelayedSpinner } from '../loading/DelayedSpinner';
import { Modal } from '../modal/Modal';
import { useFormatters } from '../profile/usePreferences';
import type { Controller } from '../../../../contracts/bridge';
import { BRIDGE_LOG_LEVELS, bridgeActions, bridgeQueries } from './queries';
import './bridge.css';

/**
 * The vessel's bridge as its owner or technician runs it (docs/api.md, "Vessel bridge" and
 * "Sources"): reboot it, change how much it logs, and choose which of its Signal K sources are
 * kept and which feed the track. Changing needs deviceManager MANAGE (and device control for the
 * bridge's own actions); seeing needs VIEW.
 */
export function BridgeSection({ vesselId, serial, canManage, canControl }: { vesselId: number; serial: string; canManage: boolean; canControl: boolean }) {
  return (
    <section className="card bridge-section" aria-labelledby="bridge-title">
      <h2 id="bridge-title">Bridge {serial}</h2>
      {canControl ? <BridgeActions vesselId={vesselId} /> : null}
      <Controllers vesselId={vesselId} />
      <MessageSources vesselId={vesselId} canManage={canManage} />
      <LocationSources vesselId={vesselId} canManage={canManage} />
    </section>
  );
}

function BridgeActions({ vesselId }: { vesselId: number }) {
  const [rebooting, setRebooting] = useState(false);
  const [level, setLevel] = useState<string>('info');
  const logLevel = useMutation({
    mutationFn: () => bridgeActions.setLogLevel(vesselId, level),
    onSuccess: () => toast.success(`The bridge was asked to log at ${level} level`),
    onError: (error) => reportActionFailure('Setting the log level', error),
  });
  return (
    <div className="bridge-section__actions">
      <form
        className="bridge-section__level"
        onSubmit={(event) => {
          event.preventDefault();
          logLevel.mutate();
        }}
      >
        <SelectField
          label="Log level"
          value={level}
          options={BRIDGE_LOG_LEVELS.map((value) => ({ value, label: value }))}
          onChange={(event) => setLevel(event.target.value)}
        />
        <button type="submit" className="button" disabled={logLevel.isPending}>
          {logLevel.isPending ? 'Asking…' : 'Set log level'}
        </button>
      </form>
      <button type="button" className="button button--danger" onClick={() => setRebooting(true)}>
        Reboot the bridge
      </button>
      {rebooting ? <RebootModal vesselId={vesselId} onClose={() => setRebooting(false)} /> : null}
    </div>
  );
}

function RebootModal({ vesselId, onClose }: { vesselId: number; onClose: () => void }) {
  const [open, setOpen] = useState(true);
  const [password, setPassword] = useState('');
  const reboot = useMutation({
    mutationFn: () => bridgeActions.reboot(vesselId, password),
    onSuccess: () => {
      toast.success('The bridge was asked to reboot: it is back online in about a minute');
      setOpen(false);
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (password) reboot.mutate();
  };
  return (
    <Modal
      open={open}
      title="Reboot the bridge"
      onClose={onClose}
      footer={
        <>
          <button type="button" className="button" onClick={() => setOpen(false)}>
            Cancel
          </button>
          <button type="submit" form="bridge-reboot" className="button button--danger" disabled={!password || reboot.isPending}>
            {reboot.isPending ? 'Asking…' : 'Reboot'}
          </button>
        </>
      }
    >
      <form id="bridge-reboot" className="form" onSubmit={submit}>
        <p>The vessel is offline while the bridge restarts: no live values, alarms or commands for about a minute.</p>
        <TextField
          label="Your password"
          type="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          hint="A reboot needs your own password again."
          error={reboot.isError ? failureMessage(reboot.error, 'The bridge could not be asked to reboot.') : undefined}
        />
      </form>
    </Modal>
  );
}

const CONTROLLER_TYPES: Record<Controller['type'], string> = {
  Cloud: 'Cloud',
  MFD: 'Display (MFD)',
  Client: 'App on board',
};

/** What can control the vessel's devices: the cloud, and what the bridge last saw on board. */
function Controllers({ vesselId }: { vesselId: number }) {
  const format = useFormatters();
  const controllers = useQuery(bridgeQueries.controllers(vesselId));
  const onBoard = controllers.data?.filter((c) => c.type !== 'Cloud') ?? [];
  return (
    <div>
      <h3>Controllers</h3>
      <p className="muted">What can switch the vessel&apos;s devices: Vessel Link from anywhere, and the displays and apps the bridge sees on board.</p>
      <DelayedSpinner loading={controllers.isPending} label="Loading the controllers…" />
      {controllers.isError ? (
        <p className="form-error" role="alert">
          {failureMessage(controllers.error, 'The controllers could not be loaded.')}{' '}
          <RetryButton error={controllers.error} onRetry={() => controllers.refetch()} />
        </p>
      ) : null}
      {controllers.isSuccess ? (
        <ul className="list" aria-label="Controllers">
          {controllers.data.map((controller) => (
            <li key={controller.id} className="list__item">
              <span>
                <span className={`badge controller-type controller-type--${controller.type.toLowerCase()}`}>{CONTROLLER_TYPES[controller.type]}</span>{' '}
                {controller.name}
              </span>
              {controller.reportedAt ? <span className="muted">reported {format.dateTime(controller.reportedAt)}</span> : null}
            </li>
          ))}
        </ul>
      ) : null}
      {controllers.isSuccess && onBoard.length === 0 ? <p className="empty-state">The bridge has not reported any display or app on board.</p> : null}
    </div>
  );
}

function MessageSources({ vesselId, canManage }: { vesselId: number; canManage: boolean }) {
  const queryClient = useQueryClient();
  const format = useFormatters();
  const sources = useQuery(bridgeQueries.messageSources(vesselId));
  const change = useMutation({
    mutationFn: ({ uid, enabled }: { uid: string; enabled: boolean }) => bridgeActions.setMessageSource(vesselId, uid, enabled),
    onSuccess: (_data, { uid, enabled }) => {
      toast.success(`${uid} ${enabled ? 'is kept again' : 'is ignored from now on'}`);
      return queryClient.invalidateQueries({ queryKey: bridgeQueries.messageSources(vesselId).queryKey });
    },
    onError: (error) => reportActionFailure('Changing the source', error),
  });
  return (
    <div>
      <h3>Message sources</h3>
      <p className="muted">The devices and buses the bridge hears. A source switched off has its values dropped on arrival.</p>
      <DelayedSpinner loading={sources.isPending} label="Loading the sources…" />
      {sources.isError ? (
        <p className="form-error" role="alert">
          {failureMessage(sources.error, 'The sources could not be loaded.')} <RetryButton error={sources.error} onRetry={() => sources.refetch()} />
        </p>
      ) : null}
      {sources.isSuccess && sources.data.length === 0 ? <p className="empty-state">The bridge has not reported any source yet.</p> : null}
      {sources.isSuccess && sources.data.length > 0 ? (
        <ul className="list" aria-label="Message sources">
          {sources.data.map((source) => (
            <li key={source.uid} className="list__item">
              <label>
                <input
                  type="checkbox"
                  checked={source.enabled}
                  disabled={!canManage || change.isPending}
                  onChange={(event) => change.mutate({ uid: source.uid, enabled: event.target.checked })}
                />{' '}
                <code>{source.uid}</code> <span className="muted">({source.bus})</span>
              </label>
              <span className="muted">last heard {format.dateTime(source.lastSeen)}</span>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

function LocationSources({ vesselId, canManage }: { vesselId: number; canManage: boolean }) {
  const queryClient = useQueryClient();
  const format = useFormatters();
  const sources = useQuery(bridgeQueries.locationSources(vesselId));
  const change = useMutation({
    mutationFn: (uids: string[]) => bridgeActions.setLocationSources(vesselId, uids),
    onSuccess: () => {
      toast.success('Position sources saved');
      return queryClient.invalidateQueries({ queryKey: bridgeQueries.locationSources(vesselId).queryKey });
    },
    onError: (error) => reportActionFailure('Choosing the position sources', error),
  });
  const toggle = (uid: string, on: boolean) => {
    const enabled = new Set((sources.data ?? []).filter((source) => source.enabled).map((source) => source.uid));
    if (on) enabled.add(uid);
    else enabled.delete(uid);
    change.mutate([...enabled]);
  };
  return (
    <div>
      <h3>Position sources</h3>
      <p className="muted">Which receivers feed the track and the geofence, when the boat has more than one.</p>
      <DelayedSpinner loading={sources.isPending} label="Loading the position sources…" />
      {sources.isError ? (
        <p className="form-error" role="alert">
          {failureMessage(sources.error, 'The position sources could not be loaded.')} <RetryButton error={sources.error} onRetry={() => sources.refetch()} />
        </p>
      ) : null}
      {sources.isSuccess && sources.data.length === 0 ? <p className="empty-state">No source has reported a position yet.</p> : null}
      {sources.isSuccess && sources.data.length > 0 ? (
        <ul className="list" aria-label="Position sources">
          {sources.data.map((source) => (
            <li key={source.uid} className="list__item">
              <label>
                <input
                  type="checkbox"
                  checked={source.enabled}
                  disabled={!canManage || change.isPending}
                  onChange={(event) => toggle(source.uid, event.target.checked)}
                />{' '}
                <code>{source.uid}</code> <span className="muted">({source.bus})</span>
              </label>
              <span className="muted">last position {format.dateTime(source.lastSeen)}</span>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
