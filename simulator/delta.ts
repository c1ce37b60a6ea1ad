/** Turns what a vessel reports into the Signal K delta a bridge publishes. */
import type { SignalKDelta } from '../contracts/bridge';
import type { VesselReport } from './vessel';

export function toDelta(reports: VesselReport[], measuredAt: Date): SignalKDelta {
  const timestamp = measuredAt.toISOString();
  return {
    context: 'vessels.self',
    updates: reports.map(({ source, values }) => ({ $source: source, timestamp, values })),
  };
}
