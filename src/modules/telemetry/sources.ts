/**
 * Message sources: every `$source` a bridge reports through (`n2k.17`, `nmea0183.GP`...).
 * A disabled source's values are not stored; location history takes positions only from the
 * location-enabled sources. A bridge's first source to report a position is location-enabled
 * unless another already is, so a vessel's track starts without any setup.
 */
import type { Database } from '../../db/knex.js';
import { PerBridge } from './per-bridge.js';
import * as repo from './repository.js';

export interface SourceState {
  enabled: boolean;
  locationEnabled: boolean;
  reportsPosition: boolean;
}

/** Values without a source (a bare Signal K delta) are kept under this uid. */
export const DEFAULT_SOURCE = 'default';

/** Signal K source uids start with the bus or connection they came through (`n2k.17` → `n2k`). */
export const busOf = (uid: string): string => uid.split('.')[0];

export class MessageSources {
  private readonly states: PerBridge<Map<string, SourceState>>;

  constructor(private readonly db: Database) {
    this.states = new PerBridge(async (bridgeId) => {
      const rows = await repo.sourcesOf(db, bridgeId);
      return new Map(rows.map((r) => [r.uid, { enabled: r.enabled, locationEnabled: r.locationEnabled, reportsPosition: r.reportsPosition }]));
    });
  }

  /** The live state of a bridge's sources; the ingest adds sources it sees for the first time. */
  of(bridgeId: number): Promise<Map<string, SourceState>> {
    return this.states.of(bridgeId);
  }

  /** The same, if it is loaded already. */
  known(bridgeId: number): Map<string, SourceState> | undefined {
    return this.states.known(bridgeId);
  }

  list(bridgeId: number): Promise<repo.SourceRow[]> {
    return repo.sourcesOf(this.db, bridgeId);
  }

  async setEnabled(bridgeId: number, changes: Array<{ uid: string; enabled: boolean }>): Promise<void> {
    await repo.setSourceFlags(
      this.db,
      bridgeId,
      'enabled',
      changes.map((c) => ({ uid: c.uid, on: c.enabled })),
    );
    const states = await this.states.of(bridgeId);
    for (const { uid, enabled } of changes) {
      const state = states.get(uid);
      if (state) state.enabled = enabled;
    }
  }

  /** Location history takes positions from exactly these sources from now on. */
  async setLocationSources(bridgeId: number, uids: string[]): Promise<void> {
    const wanted = new Set(uids);
    const known = await repo.sourcesOf(this.db, bridgeId);
    await repo.setSourceFlags(
      this.db,
      bridgeId,
      'location_enabled',
      known.map((s) => ({ uid: s.uid, on: wanted.has(s.uid) })),
    );
    const states = await this.states.of(bridgeId);
    for (const [uid, state] of states) state.locationEnabled = wanted.has(uid);
  }

  forget(bridgeId: number): void {
    this.states.forget(bridgeId);
  }
}
