import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { fromSi } from '../../lib/units';
import type { TimeRange } from '../charts/timeRange';
import { useChartBuckets } from '../charts/useChartBuckets';
import { usePreferences } from '../profile/usePreferences';
import { deviceQueries } from './queries';
import type { Property } from './types';

/**
 * A property's history over a range as a chart draws it: asked for in about one bucket per pixel
 * of the element `chartRef` is attached to, and turned into points in the user's units (the mean
 * as the line, min to max as the band).
 */
export function usePropertyHistory(vesselId: number, property: Property, range: TimeRange) {
  const { unitSystem } = usePreferences();
  const chart = useChartBuckets<HTMLDivElement>();
  const history = useQuery(deviceQueries.history(vesselId, property.id, range.from, range.to, chart.buckets));
  const points = useMemo(
    () =>
      (history.data ?? []).map((bucket) => {
        const display = (value: number) => fromSi(value, property.units, unitSystem, property.path);
        // A unit conversion may turn the scale over (none does today): the band keeps its low below its high.
        const [low, high] = [display(bucket.min), display(bucket.max)].sort((a, b) => a - b);
        return { t: Date.parse(bucket.timestamp), v: display(bucket.mean), low, high };
      }),
    [history.data, property.units, property.path, unitSystem],
  );
  return { chartRef: chart.ref, history, points };
}
