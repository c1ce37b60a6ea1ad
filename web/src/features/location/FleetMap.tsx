import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { createBaseMap, hasTiles } from './baseMap';
import './location.css';

export interface FleetMapVessel {
  id: number;
  name: string;
  online: boolean;
  lat: number;
  lon: number;
  /** When the position was reported, already in the user's format. */
  reportedAt: string;
}

/** Every vessel at its last known position, online ones filled, offline ones hollow. */
export function FleetMap({ vessels, onOpen }: { vessels: FleetMapVessel[]; onOpen: (vesselId: number) => void }) {
  const { t } = useTranslation('location');
  const container = useRef<HTMLDivElement>(null);
  const map = useRef<L.Map | null>(null);
  const markers = useRef<L.LayerGroup | null>(null);
  const onOpenRef = useRef(onOpen);
  onOpenRef.current = onOpen;

  useEffect(() => {
    if (!container.current) return;
    const instance = createBaseMap(container.current);
    markers.current = L.layerGroup().addTo(instance);
    map.current = instance;
    return () => {
      instance.remove();
      map.current = null;
      markers.current = null;
    };
  }, []);

  useEffect(() => {
    const instance = map.current;
    const group = markers.current;
    if (!instance || !group) return;
    group.clearLayers();
    const bounds = L.latLngBounds([]);
    for (const vessel of vessels) {
      L.circleMarker([vessel.lat, vessel.lon], { radius: 8, className: vessel.online ? 'map-position' : 'map-position map-position--offline' })
        .bindTooltip(t(vessel.online ? 'map.fleetOnline' : 'map.fleetOffline', { name: vessel.name, reportedAt: vessel.reportedAt }))
        .on('click', () => onOpenRef.current(vessel.id))
        .addTo(group);
      bounds.extend([vessel.lat, vessel.lon]);
    }
    if (bounds.isValid()) instance.fitBounds(bounds.pad(0.3), { maxZoom: 10, animate: false });
  }, [vessels, t]);

  return (
    <div className={`vessel-map fleet-map${hasTiles ? '' : ' vessel-map--no-tiles'}`}>
      <div ref={container} className="vessel-map__canvas" role="region" aria-label={t('map.fleetMapLabel')} />
      {vessels.length === 0 ? <p className="vessel-map__empty">{t('map.fleetNoPosition')}</p> : null}
    </div>
  );
}
