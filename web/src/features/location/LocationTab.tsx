import { lazy, Suspense, useState, type FormEvent } from 'react';
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
  return (
    <div className="vessel-map vessel-map__canvas">
      <p className="vessel-map__empty" role="alert">
        The map could not be loaded. Reload the page to try again.
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
          <div className="segmented" role="group" aria-label="Track period">
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
          <DownloadLink path={`vessel/${vesselId}/locationHistory.gpx`} query={() => ({ ...presetRange(preset, new Date()) })} label="Download GPX" />
        </div>
        <DelayedSpinner loading={track.isFetching} label="Loading track…" />
        {track.isError ? (
          <p className="form-error" role="alert">
            {failureMessage(track.error, 'The track could not be loaded.')}
          </p>
        ) : null}
      </div>
      <aside className="location__side">
        <section className="card">
          <h2>Position</h2>
          {location.isError ? <p className="form-error">The position could not be loaded.</p> : null}
          {vessel.data ? <LapsedValuesNotice vesselId={vesselId} vessel={vessel.data} /> : null}
          {position ? (
            <dl className="key-figures">
              <div>
                <dt>Position</dt>
                <dd>{formatPosition({ latitude: position.lat, longitude: position.lon })}</dd>
              </div>
              <div>
                <dt>Speed</dt>
                <dd>{format.value(position.speedOverGround ?? null, 'm/s')}</dd>
              </div>
              <div>
                <dt>Course</dt>
                <dd>{format.value(position.courseOverGroundTrue ?? null, 'rad')}</dd>
              </div>
              <div>
                <dt>Fix</dt>
                <dd>{format.dateTime(position.timestamp)}</dd>
              </div>
            </dl>
          ) : location.isSuccess ? (
            <p className="muted">No position has been reported yet.</p>
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
  const settings = useQuery(locationQueries.deviceSettings(vesselId));
  const shown = (settings.data ?? []).filter((device) => device.locationEnabled);
  return (
    <section className="card" aria-labelledby="device-positions-title">
      <h2 id="device-positions-title">Devices on the map</h2>
      {settings.isError ? (
        <p className="form-error" role="alert">
          {failureMessage(settings.error, 'Your devices could not be loaded.')}
        </p>
      ) : null}
      {settings.isSuccess && shown.length === 0 ? (
        <p className="muted">
          {settings.data.length === 0 ? 'No devices of your own yet.' : 'None of your devices shows its position.'} Switch a device&rsquo;s position on under
          Devices, My devices.
        </p>
      ) : null}
      {shown.length ? (
        <ul className="list">
          {shown.map((device) => (
            <li key={device.id} className="list__item">
              <span>{device.name}</span>
              <span className="muted">
                {device.position ? formatPosition({ latitude: device.position.lat, longitude: device.position.lon }) : 'No position set'}
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
      toast.success('Geofence saved');
      setEditing(false);
      return refresh();
    },
    onError: (error) => reportActionFailure('Saving the geofence', error),
  });
  const toggle = useMutation({
    mutationFn: (enabled: boolean) => geofenceActions.setEnabled(vesselId, enabled),
    onSuccess: (_data, enabled) => {
      toast.success(enabled ? 'Geofence switched on' : 'Geofence switched off');
      return refresh();
    },
    onError: (error) => reportActionFailure('Switching the geofence', error),
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
      <h2>Geofence</h2>
      {geofence ? (
        <p>
          {geofence.enabled ? 'On' : 'Off'} · radius {format.value(geofence.radius, 'm')} · alert after {geofence.delay} s outside
        </p>
      ) : (
        <p className="muted">No geofence is set.</p>
      )}
      {route?.outsideSince ? (
        <p className="notice" role="status">
          Outside the fence since {format.dateTime(route.outsideSince)}: its way out is drawn on the map ({route.points.length} position
          {route.points.length === 1 ? '' : 's'}).
        </p>
      ) : geofence?.enabled ? (
        <p className="muted">The vessel is inside its fence.</p>
      ) : null}
      {canManage && !editing ? (
        <div className="button-row">
          <button type="button" className="button" onClick={startEditing} disabled={!position && !geofence}>
            {geofence ? 'Edit' : 'Set around current position'}
          </button>
          {geofence ? (
            <button type="button" className="button" disabled={toggle.isPending} onClick={() => toggle.mutate(!geofence.enabled)}>
              {geofence.enabled ? 'Switch off' : 'Switch on'}
            </button>
          ) : null}
        </div>
      ) : null}
      {editing ? (
        <form className="form" onSubmit={submit}>
          <TextField label={`Radius (${radiusUnit})`} type="number" min={1} required value={radius} onChange={(event) => setRadius(event.target.value)} />
          <TextField label="Delay before the alert (s)" type="number" min={0} required value={delay} onChange={(event) => setDelay(event.target.value)} />
          <p className="field__hint">The fence is centred on the vessel’s current position.</p>
          <div className="button-row">
            <button type="button" className="button" onClick={() => setEditing(false)}>
              Cancel
            </button>
            <button type="submit" className="button button--primary" disabled={save.isPending}>
              Save
            </button>
          </div>
        </form>
      ) : null}
    </section>
  );
}
