import L from 'leaflet';
import { feature, type Topology } from 'topojson-client';
// Natural Earth's land at 1:110m (world-atlas), served by this server as a file of its own: the
// map shows coastlines with no connection to the internet, and the bundle stays small.
import landUrl from 'world-atlas/land-110m.json?url';

const TILES_URL = import.meta.env.VITE_MAP_TILES_URL;
const TILES_ATTRIBUTION = import.meta.env.VITE_MAP_TILES_ATTRIBUTION ?? '';

export const hasTiles = Boolean(TILES_URL);

let land: Promise<GeoJSON.GeoJsonObject> | null = null;

/** The land layer's shapes, fetched once per page load. */
function loadLand(): Promise<GeoJSON.GeoJsonObject> {
  land ??= fetch(landUrl)
    .then((response) => {
      if (!response.ok) throw new Error(`The land layer answered ${response.status}`);
      return response.json() as Promise<Topology>;
    })
    .then((topology) => feature(topology, topology.objects.land))
    .catch((error: unknown) => {
      land = null;
      throw error;
    });
  return land;
}

/**
 * The one map renderer: Leaflet with Natural Earth land as the offline base layer, the
 * configured tile server (VITE_MAP_TILES_URL, `{z}/{x}/{y}`) above it when set, and a scale bar.
 */
export function createBaseMap(container: HTMLElement): L.Map {
  const map = L.map(container, { zoomControl: true, worldCopyJump: true });
  map.attributionControl.setPrefix(false);
  map.attributionControl.addAttribution('Land: Natural Earth');
  // Below Leaflet's tile pane (200): a configured tile server draws over the land.
  map.createPane('land').style.zIndex = '150';
  void loadLand()
    .then((shapes) => {
      L.geoJSON(shapes, { pane: 'land', interactive: false, style: { className: 'map-land' } }).addTo(map);
    })
    .catch((error: unknown) => console.error('The land layer could not be loaded; the map shows the sea only', error));
  if (TILES_URL) L.tileLayer(TILES_URL, { attribution: TILES_ATTRIBUTION, maxZoom: 18 }).addTo(map);
  L.control.scale({ metric: true, imperial: true, position: 'bottomleft' }).addTo(map);
  map.setView([30, 0], 2);
  return map;
}
