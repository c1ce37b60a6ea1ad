import { useEffect, useRef, useState } from 'react';
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { TrackSvg } from './TrackSvg';
import type { Geofence, Location } from './types';
import './location.css';

interface VesselMapProps {
  position: Location | null;
  track: Location[];
  geofence: Geofence | null;
}

const TILES_URL = import.meta.env.VITE_MAP_TILES_URL;
const TILES_ATTRIBUTION = import.meta.env.VITE_MAP_TILES_ATTRIBUTION ?? '';

/**
 * Leaflet map with the track, position and geofence as vector layers. Tiles are drawn only
 * when a tile server is configured (VITE_MAP_TILES_URL); without one, or if Leaflet cannot
 * start, the same overlays are drawn as plain SVG.
 */
export function VesselMap({ position, track, geofence }: VesselMapProps) {
  const container = useRef<HTMLDivElement>(null);
  const map = useRef<L.Map | null>(null);
  const overlays = useRef<L.LayerGroup | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (!container.current) return;
    try {
      const instance = L.map(container.current, { attributionControl: Boolean(TILES_URL), zoomControl: true });
      if (TILES_URL) L.tileLayer(TILES_URL, { attribution: TILES_ATTRIBUTION, maxZoom: 18 }).addTo(instance);
      overlays.current = L.layerGroup().addTo(instance);
      instance.setView([0, 0], 2);
      map.current = instance;
    } catch (error) {
      console.error('The map could not start; showing the plain track instead', error);
      setFailed(true);
    }
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
    const bounds = L.latLngBounds([]);
    if (geofence?.enabled) {
      const circle = L.circle([geofence.lat, geofence.lon], { radius: geofence.radius, className: 'map-geofence' }).addTo(group);
      bounds.extend(circle.getBounds());
    }
    if (track.length > 1) {
      const line = L.polyline(
        track.map((point) => [point.lat, point.lon] as [number, number]),
        { className: 'map-track' },
      ).addTo(group);
      bounds.extend(line.getBounds());
    }
    if (position) {
      L.circleMarker([position.lat, position.lon], { radius: 7, className: 'map-position' })
        .bindTooltip('Vessel position')
        .addTo(group);
      bounds.extend([position.lat, position.lon]);
    }
    if (bounds.isValid()) instance.fitBounds(bounds.pad(0.2), { maxZoom: 15, animate: false });
  }, [position, track, geofence]);

  if (failed) return <TrackSvg position={position} track={track} geofence={geofence} />;

  return (
    <div className={`vessel-map${TILES_URL ? '' : ' vessel-map--no-tiles'}`}>
      <div ref={container} className="vessel-map__canvas" role="region" aria-label="Map of the vessel's position, track and geofence" />
      {!position && track.length === 0 ? <p className="vessel-map__empty">No position has been reported yet.</p> : null}
    </div>
  );
}
