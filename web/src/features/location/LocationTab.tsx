import { lazy, Suspense, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from '../../app/services';
import { reportActionFailure } from '../../app/failures';
import { failureMessage } from '../../lib/failureMessage';
import { formatPosition, fromSi, toSi, unitLabel } from '../../lib/units';
import { presetRange, RANGE_PRESETS, type RangePreset } from '../charts/timeRange';
import { DownloadLink } from '../exports/DownloadLink';
import { TextField } from '../forms/Field';
import { DelayedSpinner } from '../loading/DelayedSpinner';
import { useFormatters } from '../profile/usePreferences';
import { vesselKeys, vesselQueries } from '../vessels/queries';
import { LapsedValuesNotice } from '../billing/LapsedValuesNotice';
import { GeofenceNotifyPanel } from './GeofenceNotifyPanel';
import { DEFAULT_TRACK_PERIOD, geofenceActions, locationQueries } from './queries';
import type { Geofence, GeofenceRoute, Location } from './types';
import './location.css';

// Leaflet is most of the vessel page's JavaScript: only the Location tab downloads it. Should that
// download fail, the tab says so and the position stays readable beside it.
const VesselMap = lazy(() =>
  import('./VesselMap').then(
    (module) => ({ default: module.VesselMap }),
    (error: unknown) => {
      console.error('The map could not be loaded', error);
      return { default: MapUnavailable };
    },
  ),
);

function MapUnavailable() {
  const { t } = useTranslation('location');
  return (
    <div className="vessel-map vessel-map__canvas">
      <p className="vessel-map__empty" role="alert">
        {t('map.unavailable')}
      </p>
    </div>
  );
}

interface LocationTabProps {
  vesselId: number;
  canManageGeofence: boolean;
  /** userManager VIEW: the geofence notifications list everybody on the vessel by name. */
  canSeeMembers: boolean;
}

export function LocationTab({ vesselId, canManageGeofence, canSeeMembers }: LocationTabProps) {
  const { t } = useTranslation('location');
  const [preset, setPreset] = useState<RangePreset>(DEFAULT_TRACK_PERIOD);
  const location = useQuery(locationQueries.current(vesselId));
  const vessel = useQuery(vesselQueries.detail(vesselId));
  const track = useQuery(locationQueries.track(vesselId, preset));
  const geofence = useQuery(locationQueries.geofence(vesselId));
  const route = useQuery({ ...locationQueries.geofenceRoute(vesselId), enabled: geofence.data?.enabled === true });
  const devices = useQuery(locationQueries.deviceLocations(vesselId));
  const format = useFormatters();
  const position = location.data ?? null;

  const trackPoints = track.data ?? [];

  return (
    <div className="location">
      <div className="location__map">
        <Suspense fallback={<div className="vessel-map vessel-map__canvas" aria-busy="true" />}>
          <VesselMap position={position} track={trackPoints} geofence={geofence.data ?? null} geofenceRoute={route.data?.points} devices={devices.data} />
        </Suspense>
        <div className="location__toolbar">
          <div className="segmented" role="group" aria-label={t('map.trackPeriod')}>
            {(Object.keys(RANGE_PRESETS) as RangePreset[]).map((key) => (
              <button
                key={key}
                type="button"
                className={`segmented__item${preset === key ? ' is-selected' : ''}`}
                aria-pressed={preset === key}
                onClick={() => {
                  setPreset(key);
                }}
              >
                {RANGE_PRESETS[key].label}
              </button>
            ))}
          </div>
          <DownloadLink path={`vessel/${vesselId}/locationHistory.gpx`} query={() => ({ ...presetRange(preset, new Date()) })} label={t('map.downloadGpx')} />
        </div>
        <DelayedSpinner loading={track.isFetching} label={t('map.loadingTrack')} />
        {track.isError ? (
          <p className="form-error" role="alert">
            {failureMessage(track.error, t('map.trackFailed'))}
          </p>
        ) : null}
      </div>
      <aside className="location__side">
        <section className="card">
          <h2>{t('position.title')}</h2>
          {location.isError ? <p className="form-error">{t('position.failed')}</p> : null}
          {vessel.data ? <LapsedValuesNotice vesselId={vesselId} vessel={vessel.data} /> : null}
          {position ? (
            <dl className="key-figures">
              <div>
                <dt>{t('position.position')}</dt>
                <dd>{formatPosition({ latitude: position.lat, longitude: position.lon })}</dd>
              </div>
              <div>
                <dt>{t('position.speed')}</dt>
                <dd>{format.value(position.speedOverGround ?? null, 'm/s')}</dd>
              </div>
              <div>
                <dt>{t('position.course')}</dt>
                <dd>{format.value(position.courseOverGroundTrue ?? null, 'rad')}</dd>
              </div>
              <div>
                <dt>{t('position.fix')}</dt>
                <dd>{format.dateTime(position.timestamp)}</dd>
              </div>
            </dl>
          ) : location.isSuccess ? (
            <p className="muted">{t('position.none')}</p>
          ) : null}
        </section>
        <GeofencePanel vesselId={vesselId} geofence={geofence.data ?? null} route={route.data ?? null} position={position} canManage={canManageGeofence} />
        {geofence.isSuccess ? <GeofenceNotifyPanel vesselId={vesselId} canSeeMembers={canSeeMembers} /> : null}
        <DevicePositions vesselId={vesselId} />
      </aside>
    </div>
  );
}

/** The owner's devices and whether each shows on the map: its location switch, its position. */
function DevicePositions({ vesselId }: { vesselId: number }) {
  const { t } = useTranslation('location');
  const settings = useQuery(locationQueries.deviceSettings(vesselId));
  const shown = (settings.data ?? []).filter((device) => device.locationEnabled);
  return (
    <section className="card" aria-labelledby="device-positions-title">
      <h2 id="device-positions-title">{t('devices.title')}</h2>
      {settings.isError ? (
        <p className="form-error" role="alert">
          {failureMessage(settings.error, t('devices.failed'))}
        </p>
      ) : null}
      {settings.isSuccess && shown.length === 0 ? <p className="muted">{settings.data.length === 0 ? t('devices.noneOwn') : t('devices.noneShown')}</p> : null}
      {shown.length ? (
        <ul className="list">
          {shown.map((device) => (
            <li key={device.id} className="list__item">
              <span>{device.name}</span>
              <span className="muted">
                {device.position ? formatPosition({ latitude: device.position.lat, longitude: device.position.lon }) : t('devices.noPositionSet')}
              </span>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

function GeofencePanel({
  vesselId,
  geofence,
  route,
  position,
  canManage,
}: {
  vesselId: number;
  geofence: Geofence | null;
  route: GeofenceRoute | null;
  position: Location | null;
  canManage: boolean;
}) {
  const { t } = useTranslation('location');
  const queryClient = useQueryClient();
  const format = useFormatters();
  const [editing, setEditing] = useState(false);
  const radiusUnit = unitLabel('m', format.unitSystem);
  const [radius, setRadius] = useState('');
  const [delay, setDelay] = useState('');
  const refresh = () => queryClient.invalidateQueries({ queryKey: vesselKeys.section(vesselId, 'geofence') });

  const save = useMutation({
    mutationFn: (fence: Pick<Geofence, 'radius' | 'lat' | 'lon' | 'delay'>) => geofenceActions.save(vesselId, fence),
    onSuccess: () => {
      toast.success(t('geofence.saved'));
      setEditing(false);
      return refresh();
    },
    onError: (error) => reportActionFailure(t('geofence.saving'), error),
  });
  const toggle = useMutation({
    mutationFn: (enabled: boolean) => geofenceActions.setEnabled(vesselId, enabled),
    onSuccess: (_data, enabled) => {
      toast.success(enabled ? t('geofence.switchedOn') : t('geofence.switchedOff'));
      return refresh();
    },
    onError: (error) => reportActionFailure(t('geofence.switching'), error),
  });

  const startEditing = () => {
    setRadius(String(fromSi(geofence?.radius ?? 100, 'm', format.unitSystem)));
    setDelay(String(geofence?.delay ?? 60));
    setEditing(true);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const centre = position ?? geofence;
    if (!centre) return;
    const radiusMetres = toSi(Number(radius), 'm', format.unitSystem);
    save.mutate({ radius: Math.round(radiusMetres), lat: centre.lat, lon: centre.lon, delay: Math.round(Number(delay)) });
  };

  return (
    <section className="card">
      <h2>{t('geofence.title')}</h2>
      {geofence ? (
        <p>
          {t(geofence.enabled ? 'geofence.summaryOn' : 'geofence.summaryOff', {
            radius: format.value(geofence.radius, 'm'),
            delay: format.number(geofence.delay),
          })}
        </p>
      ) : (
        <p className="muted">{t('geofence.none')}</p>
      )}
      {route?.outsideSince ? (
        <p className="notice" role="status">
          {t('geofence.outside', { since: format.dateTime(route.outsideSince), count: route.points.length })}
        </p>
      ) : geofence?.enabled ? (
        <p className="muted">{t('geofence.inside')}</p>
      ) : null}
      {canManage && !editing ? (
        <div className="button-row">
          <button type="button" className="button" onClick={startEditing} disabled={!position && !geofence}>
            {geofence ? t('geofence.edit') : t('geofence.setAround')}
          </button>
          {geofence ? (
            <button type="button" className="button" disabled={toggle.isPending} onClick={() => toggle.mutate(!geofence.enabled)}>
              {geofence.enabled ? t('geofence.switchOff') : t('geofence.switchOn')}
            </button>
          ) : null}
        </div>
      ) : null}
      {editing ? (
        <form className="form" onSubmit={submit}>
          <TextField
            label={t('geofence.radius', { unit: radiusUnit })}
            type="number"
            min={1}
            required
            value={radius}
            onChange={(event) => setRadius(event.target.value)}
          />
          <TextField label={t('geofence.delay')} type="number" min={0} required value={delay} onChange={(event) => setDelay(event.target.value)} />
          <p className="field__hint">{t('geofence.centreHint')}</p>
          <div className="button-row">
            <button type="button" className="button" onClick={() => setEditing(false)}>
              {t('geofence.cancel')}
            </button>
            <button type="submit" className="button button--primary" disabled={save.isPending}>
              {t('geofence.save')}
            </button>
          </div>
        </form>
      ) : null}
    </section>
  );
}
