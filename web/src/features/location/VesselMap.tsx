import { useEffect, useRef } from 'react';
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { createBaseMap, hasTiles } from './baseMap';
import type { Geofence, Location } from './types';
import './location.css';

interface VesselMapProps {
  position: Location | null;
  track: Location[];
  geofence: Geofence | null;
}

/** The vessel's track, position and geofence over the offline base map (baseMap.ts). */
export function VesselMap({ position, track, geofence }: VesselMapProps) {
  const container = useRef<HTMLDivElement>(null);
  const map = useRef<L.Map | null>(null);
  const overlays = useRef<L.LayerGroup | null>(null);

  useEffect(() => {
    if (!container.current) return;
    const instance = createBaseMap(container.current);
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
      L.circleMarker([position.lat, position.lon], { radius: 7, className: 'map-position' }).bindTooltip('Vessel position').addTo(group);
      bounds.extend([position.lat, position.lon]);
    }
    if (bounds.isValid()) instance.fitBounds(bounds.pad(0.2), { maxZoom: 15, animate: false });
  }, [position, track, geofence]);

  return (
    <div className={`vessel-map${hasTiles ? '' : ' vessel-map--no-tiles'}`}>
      <div ref={container} className="vessel-map__canvas" role="region" aria-label="Map of the vessel's position, track and geofence" />
      {!position && track.length === 0 ? <p className="vessel-map__empty">No position has been reported yet.</p> : null}
    </div>
  );
}
