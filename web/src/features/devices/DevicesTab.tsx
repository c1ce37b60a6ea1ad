import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { CloudServicesNotice } from '../billing/CloudServicesNotice';
import { DelayedSpinner } from '../loading/DelayedSpinner';
import { vesselQueries } from '../vessels/queries';
import { QUEUE_CHOICES } from './commandMachine';
import { DeviceCard } from './DeviceCard';
import { PropertyHistoryModal } from './PropertyHistoryModal';
import { deviceQueries } from './queries';
import { CATEGORY_LABELS, DEVICE_CATEGORIES, type Device, type DeviceCategory, type Property } from './types';
import './devices.css';

interface DevicesTabProps {
  vesselId: number;
  /** The member may send commands (permissions). */
  mayControl: boolean;
  online: boolean;
  /** deviceManager MANAGE: warning levels can be changed. */
  canEditLevels?: boolean;
  /** alertManager VIEW: alerts are marked on a property's chart. */
  canSeeAlerts?: boolean;
  /** No subscription and the test period is over: controls are off, with the reason. */
  servicesOff?: boolean;
  /** The app setting this screen shows (appSettings/screenSetting.ts): only its devices are listed, unless the person asks for all. */
  screen?: { name: string; deviceIds: number[] } | null;
}

/** The vessel's devices, ordered and filtered by category, with their live values and controls. */
export function DevicesTab({ vesselId, mayControl, online, canEditLevels = false, canSeeAlerts = false, servicesOff = false, screen = null }: DevicesTabProps) {
  const [showAll, setShowAll] = useState(false);
  const onlyIds = useMemo(() => (screen && screen.deviceIds.length > 0 && !showAll ? new Set(screen.deviceIds) : null), [screen, showAll]);
  const [queueForSeconds, setQueueForSeconds] = useState<number>(QUEUE_CHOICES[1].seconds);
  const canControl = mayControl && !servicesOff;
  const devices = useQuery(deviceQueries.list(vesselId));
  // While the bridge is away every value is the last known, stale since it went (the live `online` event keeps this current).
  const vessel = useQuery(vesselQueries.detail(vesselId));
  const staleSince = !online ? (vessel.data?.lastSeen ?? null) : null;
  const [category, setCategory] = useState<DeviceCategory | 'ALL'>('ALL');
  const [history, setHistory] = useState<{ device: Device; property: Property } | null>(null);

  const present = useMemo(() => DEVICE_CATEGORIES.filter((candidate) => devices.data?.some((device) => device.category === candidate)), [devices.data]);
  const shown = useMemo(
    () =>
      present
        .filter((candidate) => category === 'ALL' || candidate === category)
        .flatMap((candidate) => (devices.data ?? []).filter((device) => device.category === candidate && (!onlyIds || onlyIds.has(device.id)))),
    [present, category, devices.data, onlyIds],
  );

  if (devices.isError) {
    return (
      <p className="form-error" role="alert">
        The devices could not be loaded.{' '}
        <button type="button" className="link-button" onClick={() => void devices.refetch()}>
          Try again
        </button>
      </p>
    );
  }

  return (
    <div className="devices">
      <DelayedSpinner loading={devices.isPending} label="Loading devices…" />
      {screen && screen.deviceIds.length > 0 ? (
        <p className="notice" data-testid="screen-devices">
          {showAll
            ? `Showing every device; this screen’s setting ${screen.name} lists ${screen.deviceIds.length}.`
            : `Showing the devices of this screen’s setting ${screen.name}.`}{' '}
          <button type="button" className="link-button" onClick={() => setShowAll(!showAll)}>
            {showAll ? `Show only ${screen.name}’s` : 'Show all devices'}
          </button>
        </p>
      ) : null}
      {devices.isSuccess && devices.data.length === 0 ? (
        <section className="empty-state">
          <h2>No devices yet</h2>
          <p>The devices appear here once the bridge reports its inventory.</p>
        </section>
      ) : null}
      {present.length > 1 ? (
        <div className="segmented segmented--wrap" role="group" aria-label="Category">
          {(['ALL', ...present] as const).map((option) => (
            <button
              key={option}
              type="button"
              className={`segmented__item${category === option ? ' is-selected' : ''}`}
              aria-pressed={category === option}
              onClick={() => setCategory(option)}
            >
              {option === 'ALL' ? 'All' : CATEGORY_LABELS[option]}
            </button>
          ))}
        </div>
      ) : null}
      {devices.data?.length && mayControl && servicesOff ? (
        <CloudServicesNotice vesselId={vesselId} service="commands" />
      ) : devices.data?.length && !mayControl ? (
        <p className="notice">You can see the devices of this vessel but not control them.</p>
      ) : devices.data?.length && !online ? (
        <div className="notice devices__queue">
          <p>The vessel is offline: the values are the last known. A command you give now waits until the vessel is back.</p>
          <label className="devices__queue-choice">
            Queue until the vessel is back, for at most{' '}
            <select className="input input--small" value={queueForSeconds} onChange={(event) => setQueueForSeconds(Number(event.target.value))}>
              {QUEUE_CHOICES.map((choice) => (
                <option key={choice.seconds} value={choice.seconds}>
                  {choice.label}
                </option>
              ))}
            </select>
          </label>
        </div>
      ) : null}
      <div className="device-grid" aria-label={category === 'ALL' ? 'All devices' : CATEGORY_LABELS[category]} role="region">
        {shown.map((device) => (
          <DeviceCard
            key={device.id}
            vesselId={vesselId}
            device={device}
            canControl={canControl}
            queueForSeconds={online ? undefined : queueForSeconds}
            staleSince={staleSince}
            onShowHistory={(chosenDevice, property) => setHistory({ device: chosenDevice, property })}
          />
        ))}
      </div>
      {history ? (
        <PropertyHistoryModal
          vesselId={vesselId}
          device={history.device}
          property={history.property}
          canEditLevels={canEditLevels}
          canSeeAlerts={canSeeAlerts}
          onClose={() => setHistory(null)}
        />
      ) : null}
    </div>
  );
}
