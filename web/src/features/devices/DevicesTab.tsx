import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
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
  const { t } = useTranslation('devices');
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
        {t('tab.loadFailed')}{' '}
        <button type="button" className="link-button" onClick={() => void devices.refetch()}>
          {t('tab.tryAgain')}
        </button>
      </p>
    );
  }

  return (
    <div className="devices">
      <DelayedSpinner loading={devices.isPending} label={t('tab.loading')} />
      {screen && screen.deviceIds.length > 0 ? (
        <p className="notice" data-testid="screen-devices">
          {showAll ? t('tab.screenShowingAll', { name: screen.name, listed: screen.deviceIds.length }) : t('tab.screenShowingOnly', { name: screen.name })}{' '}
          <button type="button" className="link-button" onClick={() => setShowAll(!showAll)}>
            {showAll ? t('tab.showOnly', { name: screen.name }) : t('tab.showAll')}
          </button>
        </p>
      ) : null}
      {devices.isSuccess && devices.data.length === 0 ? (
        <section className="empty-state">
          <h2>{t('tab.emptyTitle')}</h2>
          <p>{t('tab.emptyText')}</p>
        </section>
      ) : null}
      {present.length > 1 ? (
        <div className="segmented segmented--wrap" role="group" aria-label={t('tab.category')}>
          {(['ALL', ...present] as const).map((option) => (
            <button
              key={option}
              type="button"
              className={`segmented__item${category === option ? ' is-selected' : ''}`}
              aria-pressed={category === option}
              onClick={() => setCategory(option)}
            >
              {option === 'ALL' ? t('tab.all') : CATEGORY_LABELS[option]}
            </button>
          ))}
        </div>
      ) : null}
      {devices.data?.length && mayControl && servicesOff ? (
        <CloudServicesNotice vesselId={vesselId} service="commands" />
      ) : devices.data?.length && !mayControl ? (
        <p className="notice">{t('tab.viewOnly')}</p>
      ) : devices.data?.length && !online ? (
        <div className="notice devices__queue">
          <p>{t('tab.offline')}</p>
          <label className="devices__queue-choice">
            {t('tab.queueFor')}{' '}
            <select className="input input--small" value={queueForSeconds} onChange={(event) => setQueueForSeconds(Number(event.target.value))}>
              {QUEUE_CHOICES.map((choice) => (
                <option key={choice.seconds} value={choice.seconds}>
                  {choice.seconds < 3600 ? t('queue.minutes', { count: choice.seconds / 60 }) : t('queue.hours', { count: choice.seconds / 3600 })}
                </option>
              ))}
            </select>
          </label>
        </div>
      ) : null}
      <div className="device-grid" aria-label={category === 'ALL' ? t('tab.allDevices') : CATEGORY_LABELS[category]} role="region">
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
