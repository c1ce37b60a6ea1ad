import { useId } from 'react';
import { formatPosition } from '../../lib/units';
import { fitViewport, metresToProjected } from './projection';
import type { Geofence, Location } from './types';
import './location.css';

const WIDTH = 640;
const HEIGHT = 400;

interface TrackSvgProps {
  position: Location | null;
  track: Location[];
  geofence: Geofence | null;
}

/** The map's overlays drawn without a map library or tiles: track, position and geofence. */
export function TrackSvg({ position, track, geofence }: TrackSvgProps) {
  const titleId = useId();
  const fence = geofence?.enabled ? geofence : null;
  const viewport = fitViewport(
    [
      ...track,
      ...(position ? [position] : []),
      ...(fence ? [{ lat: fence.lat, lon: fence.lon, radiusM: fence.radius }] : []),
    ],
    WIDTH,
    HEIGHT,
  );
  if (!viewport) return <p className="map-empty">No position has been reported yet.</p>;

  const trackPoints = track.map((point) => viewport.toSvg(point.lat, point.lon));
  const here = position ? viewport.toSvg(position.lat, position.lon) : null;
  const fenceCentre = fence ? viewport.toSvg(fence.lat, fence.lon) : null;

  return (
    <svg className="track-svg" viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-labelledby={titleId}>
      <title id={titleId}>
        {position ? `Vessel position ${formatPosition({ latitude: position.lat, longitude: position.lon })}` : 'Vessel track'}
        {fence ? `, geofence of ${fence.radius} m` : ''}
      </title>
      <rect className="track-svg__sea" width={WIDTH} height={HEIGHT} />
      {fence && fenceCentre ? (
        <circle className="map-geofence" cx={fenceCentre.x} cy={fenceCentre.y} r={metresToProjected(fence.radius, fence.lat) * viewport.scale} />
      ) : null}
      {trackPoints.length > 1 ? (
        <polyline className="map-track" points={trackPoints.map((point) => `${point.x.toFixed(1)},${point.y.toFixed(1)}`).join(' ')} />
      ) : null}
      {here ? <circle className="map-position" cx={here.x} cy={here.y} r={7} /> : null}
    </svg>
  );
}
