/** Web Mercator, the projection of web map tiles, on a unit square (x, y in 0..1). */
export function project(lat: number, lon: number): { x: number; y: number } {
  const clampedLat = Math.max(-85.05112878, Math.min(85.05112878, lat));
  const sin = Math.sin((clampedLat * Math.PI) / 180);
  return {
    x: (lon + 180) / 360,
    y: 0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI),
  };
}

const EARTH_CIRCUMFERENCE_M = 40_075_016.686;

/** A distance on the ground in projected units at a latitude (for the geofence circle). */
export function metresToProjected(metres: number, lat: number): number {
  return metres / (EARTH_CIRCUMFERENCE_M * Math.cos((lat * Math.PI) / 180));
}

export interface Viewport {
  /** Maps a position to SVG coordinates. */
  toSvg: (lat: number, lon: number) => { x: number; y: number };
  /** Projected units to SVG units. */
  scale: number;
}

/**
 * Fits the given positions (and circles around them) into a width × height box with a margin,
 * keeping the aspect ratio so distances look right.
 */
export function fitViewport(
  positions: Array<{ lat: number; lon: number; radiusM?: number }>,
  width: number,
  height: number,
  margin = 24,
): Viewport | null {
  if (positions.length === 0) return null;
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (const position of positions) {
    const { x, y } = project(position.lat, position.lon);
    const r = position.radiusM ? metresToProjected(position.radiusM, position.lat) : 0;
    minX = Math.min(minX, x - r);
    maxX = Math.max(maxX, x + r);
    minY = Math.min(minY, y - r);
    maxY = Math.max(maxY, y + r);
  }
  // At least ~500 m across so a single position is not zoomed in endlessly.
  const minimumSpan = metresToProjected(500, positions[0].lat);
  const spanX = Math.max(maxX - minX, minimumSpan);
  const spanY = Math.max(maxY - minY, minimumSpan);
  const scale = Math.min((width - 2 * margin) / spanX, (height - 2 * margin) / spanY);
  const centreX = (minX + maxX) / 2;
  const centreY = (minY + maxY) / 2;
  return {
    scale,
    toSvg: (lat, lon) => {
      const { x, y } = project(lat, lon);
      return { x: width / 2 + (x - centreX) * scale, y: height / 2 + (y - centreY) * scale };
    },
  };
}
