import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { createBaseMap, hasTiles } from './baseMap';
import type { Geofence, Location, SimpleDeviceLocation } from './types';
import './location.css';

interface VesselMapProps {
  position: Location | null;
  track: Location[];
  geofence: Geofence | null;
  /** Where the vessel has gone since it left its geofence: drawn over the track. */
  geofenceRoute?: Location[];
  /** The owner's devices whose location switch is on. */
  devices?: SimpleDeviceLocation[];
}

const NONE: Location[] = [];
const NO_DEVICES: SimpleDeviceLocation[] = [];

/** The vessel's track, position, geofence, route outside it and devices over the offline base map (baseMap.ts). */
export function VesselMap({ position, track, geofence, geofenceRoute = NONE, devices = NO_DEVICES }: VesselMapProps) {
  const { t } = useTranslation('location');
  const container = useRef<HTMLDivElement>(null);
  const map = useRef<L.Map | null>(null);
  const overlays = useRef<L.LayerGroup | null>(null);
  // Once the person pans or zooms, new positions no longer move the view back (they did every few
  // seconds, with each live update); "Show everything" fits it again.
  const [following, setFollowing] = useState(true);
  const fitting = useRef(false);
  const bounds = useRef<L.LatLngBounds | null>(null);

  const fit = (instance: L.Map) => {
    if (!bounds.current?.isValid()) return;
    fitting.current = true;
    instance.fitBounds(bounds.current.pad(0.2), { maxZoom: 15, animate: false });
    fitting.current = false;
  };

  useEffect(() => {
    if (!container.current) return;
    const instance = createBaseMap(container.current);
    const moved = () => {
      if (!fitting.current) setFollowing(false);
    };
    instance.on('dragstart', moved);
    instance.on('zoomstart', moved);
    overlays.current = L.layerGroup().addTo(instance);
    map.current = instance;
    return () => {
      map.current?.remove();
      map.current = null;
      overlays.current = null;
    };
  }, []);

  useEffect(() => {
    const instance = map.current;
    const group = overlays.current;
    if (!instance || !group) return;
    group.clearLayers();
    const extent = L.latLngBounds([]);
    if (geofence?.enabled) {
      const circle = L.circle([geofence.lat, geofence.lon], { radius: geofence.radius, className: 'map-geofence' }).addTo(group);
      extent.extend(circle.getBounds());
    }
    if (track.length > 1) {
      const line = L.polyline(
        track.map((point) => [point.lat, point.lon] as [number, number]),
        { className: 'map-track' },
      ).addTo(group);
      extent.extend(line.getBounds());
    }
    if (geofenceRoute.length > 1) {
      const line = L.polyline(
        geofenceRoute.map((point) => [point.lat, point.lon] as [number, number]),
        { className: 'map-geofence-route' },
      ).addTo(group);
      extent.extend(line.getBounds());
    }
    for (const device of devices) {
      L.circleMarker([device.lat, device.lon], { radius: 6, className: 'map-device' }).bindTooltip(device.name).addTo(group);
      extent.extend([device.lat, device.lon]);
    }
    if (position) {
      L.circleMarker([position.lat, position.lon], { radius: 7, className: 'map-position' }).bindTooltip(t('map.vesselPosition')).addTo(group);
      extent.extend([position.lat, position.lon]);
    }
    bounds.current = extent;
    if (following) fit(instance);
  }, [position, track, geofence, geofenceRoute, devices, following, t]);

  return (
    <div className={`vessel-map${hasTiles ? '' : ' vessel-map--no-tiles'}`}>
      <div ref={container} className="vessel-map__canvas" role="region" aria-label={t('map.vesselMapLabel')} />
      {!position && track.length === 0 && devices.length === 0 ? <p className="vessel-map__empty">{t('map.noPosition')}</p> : null}
      {following ? null : (
        <button type="button" className="button button--small vessel-map__fit" onClick={() => setFollowing(true)}>
          {t('map.showEverything')}
        </button>
      )}
    </div>
  );
}
