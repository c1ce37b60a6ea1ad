import L from 'leaflet';
import { feature, type Topology } from 'topojson-client';
// Natural Earth's land (world-atlas), served by this server as files of their own: the map shows
// coastlines with no connection to the internet, and the bundle stays small. The coarse outline
// (55 kB) draws the world; zoomed in, the finer ones are fetched once (0.5 and 3 MB): at 1:110m a
// harbour's coast is kilometres off and the boat in it would look inland.
import land110Url from 'world-atlas/land-110m.json?url';
import land50Url from 'world-atlas/land-50m.json?url';
import land10Url from 'world-atlas/land-10m.json?url';
import { i18n } from '../../i18n';

const TILES_URL = import.meta.env.VITE_MAP_TILES_URL;
const TILES_ATTRIBUTION = import.meta.env.VITE_MAP_TILES_ATTRIBUTION ?? '';

export const hasTiles = Boolean(TILES_URL);

/** The outline drawn from each zoom level up: the finest one the view needs. */
const LAND_LEVELS = [
  { fromZoom: 0, url: land110Url },
  { fromZoom: 4, url: land50Url },
  { fromZoom: 8, url: land10Url },
] as const;

export const landLevelFor = (zoom: number) => [...LAND_LEVELS].reverse().find((level) => zoom >= level.fromZoom)!;

const lands = new Map<string, Promise<GeoJSON.GeoJsonObject>>();

/** One outline's shapes, fetched once per page load. */
function loadLand(url: string): Promise<GeoJSON.GeoJsonObject> {
  let shapes = lands.get(url);
  if (!shapes) {
    shapes = fetch(url)
      .then((response) => {
        if (!response.ok) throw new Error(`The land layer answered ${response.status}`);
        return response.json() as Promise<Topology>;
      })
      .then((topology) => feature(topology, topology.objects.land))
      .catch((error: unknown) => {
        lands.delete(url);
        throw error;
      });
    lands.set(url, shapes);
  }
  return shapes;
}

/** Keeps the land pane drawn at the detail the zoom needs, swapping outlines as the user zooms. */
function followZoomWithLand(map: L.Map): void {
  let shown: { url: string; layer: L.GeoJSON | null } = { url: '', layer: null };
  const draw = () => {
    const { url } = landLevelFor(map.getZoom());
    if (url === shown.url) return;
    shown = { url, layer: shown.layer };
    loadLand(url)
      .then((shapes) => {
        if (shown.url !== url) return;
        shown.layer?.remove();
        shown.layer = L.geoJSON(shapes, { pane: 'land', interactive: false, style: { className: 'map-land' } }).addTo(map);
      })
      .catch((error: unknown) => {
        if (shown.url === url) shown.url = '';
        console.error('The land layer could not be loaded; the map shows the sea only', error);
      });
  };
  map.on('zoomend', draw);
  map.whenReady(draw);
}

/**
 * The one map renderer: Leaflet with Natural Earth land as the offline base layer, the
 * configured tile server (VITE_MAP_TILES_URL, `{z}/{x}/{y}`) above it when set, and a scale bar.
 */
export function createBaseMap(container: HTMLElement): L.Map {
  const map = L.map(container, { zoomControl: true, worldCopyJump: true });
  map.attributionControl.setPrefix(false);
  map.attributionControl.addAttribution(i18n.t('location:map.attribution'));
  // Below Leaflet's tile pane (200): a configured tile server draws over the land.
  map.createPane('land').style.zIndex = '150';
  followZoomWithLand(map);
  if (TILES_URL) L.tileLayer(TILES_URL, { attribution: TILES_ATTRIBUTION, maxZoom: 18 }).addTo(map);
  L.control.scale({ metric: true, imperial: true, position: 'bottomleft' }).addTo(map);
  map.setView([30, 0], 2);
  return map;
}
