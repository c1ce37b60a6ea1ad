/**
 * Where the vessel is and what it is doing: a day out of Port Hercule, Monaco. It lies at its
 * berth on shore power, motors out along the coast, anchors off Larvotto, runs a loop offshore and
 * comes back in. Every bridge starts at a seeded point of that cycle so a fleet is a mix of
 * berthed, anchored and moving vessels.
 */
import type { Random } from '../bridge/client/random';
import { knots } from './units';

export type VoyageMode = 'berthed' | 'underWay' | 'anchored';

type Pace = 'harbour' | 'coastal' | 'open';
interface Waypoint {
  latitude: number;
  longitude: number;
  /** Pace of the leg that starts here. */
  pace: Pace;
  anchorage?: boolean;
}

const ROUTE: readonly Waypoint[] = [
  { latitude: 43.7345, longitude: 7.4235, pace: 'harbour' },
  { latitude: 43.7368, longitude: 7.429, pace: 'coastal' },
  { latitude: 43.7395, longitude: 7.4335, pace: 'coastal' },
  { latitude: 43.743, longitude: 7.439, pace: 'open', anchorage: true },
  { latitude: 43.738, longitude: 7.45, pace: 'open' },
  { latitude: 43.72, longitude: 7.448, pace: 'open' },
  { latitude: 43.715, longitude: 7.425, pace: 'coastal' },
  { latitude: 43.726, longitude: 7.42, pace: 'coastal' },
  { latitude: 43.734, longitude: 7.432, pace: 'harbour' },
  { latitude: 43.7368, longitude: 7.429, pace: 'harbour' },
  { latitude: 43.7345, longitude: 7.4235, pace: 'harbour' },
];
const BERTH = ROUTE[0];

const BERTH_SECONDS = 900;
const ANCHOR_SECONDS = 600;
const HARBOUR_KNOTS = 3;
/** m/s² the vessel speeds up or slows down at. */
const ACCELERATION = 0.3;
const EARTH_RADIUS = 6_371_000;
const BERTH_HEADING = (135 * Math.PI) / 180;
const SWING_RADIUS = 25;

export interface Position {
  latitude: number;
  longitude: number;
}

/** Flat-earth metres between two points: exact enough over a few nautical miles. */
function offsetMetres(from: Position, to: Position): { east: number; north: number } {
  const latitude = (from.latitude * Math.PI) / 180;
  return {
    east: (((to.longitude - from.longitude) * Math.PI) / 180) * EARTH_RADIUS * Math.cos(latitude),
    north: (((to.latitude - from.latitude) * Math.PI) / 180) * EARTH_RADIUS,
  };
}

const normalizeAngle = (angle: number): number => ((angle % (2 * Math.PI)) + 2 * Math.PI) % (2 * Math.PI);

export class Voyage {
  mode: VoyageMode = 'berthed';
  position: Position = { latitude: BERTH.latitude, longitude: BERTH.longitude };
  /** m/s */
  speedOverGround = 0;
  /** rad, true */
  courseOverGround = BERTH_HEADING;
  headingTrue = BERTH_HEADING;
  /** Seconds left at the berth or at anchor. */
  private remaining = BERTH_SECONDS;
  private leg = 0;
  private metresAlongLeg = 0;
  private swing = 0;

  constructor(
    private readonly cruiseKnots: number,
    random: Random,
  ) {
    const start = random.next();
    if (start < 0.3) {
      this.remaining = random.between(0, BERTH_SECONDS);
    } else if (start < 0.45) {
      this.anchorAt(ROUTE.findIndex((waypoint) => waypoint.anchorage));
      this.remaining = random.between(0, ANCHOR_SECONDS);
    } else {
      this.mode = 'underWay';
      this.leg = Math.floor(random.between(0, ROUTE.length - 1));
      this.metresAlongLeg = random.between(0, this.legLength());
      this.speedOverGround = this.legSpeed();
      this.moveAlongLeg();
    }
  }

  /** Metres from the berth: the depth sounder shelves off with it. */
  get distanceFromBerth(): number {
    const { east, north } = offsetMetres(BERTH, this.position);
    return Math.hypot(east, north);
  }

  /** Brings the vessel straight back to its berth and keeps it there for at least `seconds`. */
  returnToBerth(seconds: number): void {
    if (this.mode === 'berthed') {
      this.remaining = Math.max(this.remaining, seconds);
      return;
    }
    this.mode = 'berthed';
    this.remaining = seconds;
    this.position = { latitude: BERTH.latitude, longitude: BERTH.longitude };
    this.speedOverGround = 0;
    this.courseOverGround = this.headingTrue = BERTH_HEADING;
    this.leg = 0;
    this.metresAlongLeg = 0;
  }

  step(dt: number, random: Random): void {
    if (this.mode === 'underWay') return this.cruise(dt, random);
    this.remaining -= dt;
    if (this.mode === 'berthed') {
      this.speedOverGround = 0;
      this.headingTrue = normalizeAngle(BERTH_HEADING + random.noise(0.005));
      if (this.remaining <= 0) this.castOff(0);
      return;
    }
    // At anchor the vessel swings slowly around its anchor with wind and current.
    this.swing += dt / 120;
    const anchor = ROUTE[this.leg];
    const north = Math.cos(this.swing) * SWING_RADIUS;
    const east = Math.sin(this.swing) * SWING_RADIUS;
    this.position = {
      latitude: anchor.latitude + (north / EARTH_RADIUS) * (180 / Math.PI),
      longitude: anchor.longitude + (east / (EARTH_RADIUS * Math.cos((anchor.latitude * Math.PI) / 180))) * (180 / Math.PI),
    };
    this.speedOverGround = Math.abs(random.noise(0.15));
    this.headingTrue = normalizeAngle(this.swing + Math.PI + random.noise(0.02));
    this.courseOverGround = normalizeAngle(this.swing + Math.PI / 2);
    if (this.remaining <= 0) this.castOff(this.leg);
  }

  private castOff(fromWaypoint: number): void {
    this.mode = 'underWay';
    this.leg = fromWaypoint;
    this.metresAlongLeg = 0;
  }

  private anchorAt(waypoint: number): void {
    this.mode = 'anchored';
    this.leg = waypoint;
    this.remaining = ANCHOR_SECONDS;
    this.position = { latitude: ROUTE[waypoint].latitude, longitude: ROUTE[waypoint].longitude };
  }

  private cruise(dt: number, random: Random): void {
    const target = this.legSpeed();
    const change = Math.max(-ACCELERATION * dt, Math.min(ACCELERATION * dt, target - this.speedOverGround));
    this.speedOverGround = Math.max(0, this.speedOverGround + change + random.noise(0.05));
    this.metresAlongLeg += this.speedOverGround * dt;
    while (this.metresAlongLeg >= this.legLength()) {
      this.metresAlongLeg -= this.legLength();
      this.leg += 1;
      if (this.leg === ROUTE.length - 1) {
        this.returnToBerth(BERTH_SECONDS);
        return;
      }
      if (ROUTE[this.leg].anchorage) {
        this.anchorAt(this.leg);
        this.speedOverGround = 0;
        return;
      }
    }
    this.moveAlongLeg();
    // The bow points a little off the track: leeway and steering.
    this.headingTrue = normalizeAngle(this.courseOverGround + random.noise(0.03));
  }

  private moveAlongLeg(): void {
    const from = ROUTE[this.leg];
    const to = ROUTE[this.leg + 1];
    const fraction = this.metresAlongLeg / this.legLength();
    this.position = {
      latitude: from.latitude + (to.latitude - from.latitude) * fraction,
      longitude: from.longitude + (to.longitude - from.longitude) * fraction,
    };
    const { east, north } = offsetMetres(from, to);
    this.courseOverGround = normalizeAngle(Math.atan2(east, north));
  }

  private legLength(): number {
    const { east, north } = offsetMetres(ROUTE[this.leg], ROUTE[this.leg + 1]);
    return Math.hypot(east, north);
  }

  private legSpeed(): number {
    const pace = ROUTE[this.leg].pace;
    if (pace === 'harbour') return knots(HARBOUR_KNOTS);
    return knots(pace === 'coastal' ? this.cruiseKnots * 0.6 : this.cruiseKnots);
  }
}
