import { describe, expect, it } from 'vitest';
import { bandPath, linearScale, linePath, lonePoints, nearestIndex, niceTicks, timeDomain, timeTicks, valueExtent } from '../../web/src/features/charts/scale';
import { chartDevices } from '../../web/src/features/charts/chartDevices';
import { customRange, emptyCustomRange, presetRange, vesselChartRange } from '../../web/src/features/charts/timeRange';

describe('chart scales', () => {
  it('maps a domain onto a range', () => {
    const y = linearScale([10, 20], [200, 0]);
    expect(y(10)).toBe(200);
    expect(y(15)).toBe(100);
  });

  it('gives a flat series room above and below', () => {
    expect(valueExtent([12.6, 12.6])).toEqual([11.34, 13.86]);
    expect(valueExtent([])).toBeNull();
  });

  it('chooses round ticks', () => {
    expect(niceTicks(11.8, 14.3)).toEqual([12, 13, 14]);
    expect(niceTicks(11.8, 13.1)).toEqual([12, 12.5, 13]);
    expect(niceTicks(0, 100)).toEqual([0, 25, 50, 75, 100]);
  });

  it('breaks the line where no value was recorded', () => {
    const x = linearScale([0, 2], [0, 100]);
    const y = linearScale([0, 1], [100, 0]);
    expect(
      linePath(
        [
          { t: 0, v: 0 },
          { t: 1, v: null },
          { t: 2, v: 1 },
        ],
        x,
        y,
      ),
    ).toBe('M0.0,100.0M100.0,0.0');
    expect(
      linePath(
        [
          { t: 0, v: 0 },
          { t: 2, v: 1 },
        ],
        x,
        y,
      ),
    ).toBe('M0.0,100.0L100.0,0.0');
  });

  it('breaks the line across an outage: samples further apart than five times the usual interval are not joined', () => {
    const x = linearScale([0, 100], [0, 100]);
    const y = linearScale([0, 1], [100, 0]);
    // One sample a second, then nothing for 60 s (the uplink was down), then one a second again.
    const points = [0, 1, 2, 3, 63, 64, 65].map((t) => ({ t, v: 1 }));
    expect(linePath(points, x, y)).toBe('M0.0,0.0L1.0,0.0L2.0,0.0L3.0,0.0M63.0,0.0L64.0,0.0L65.0,0.0');
    // A gap of four intervals is still one line.
    const steady = [0, 1, 2, 6, 7, 8].map((t) => ({ t, v: 1 }));
    expect(linePath(steady, x, y)).not.toContain('M6');
  });

  it('draws the lowest to highest value of each bucket as a band, broken across an outage like the line', () => {
    const x = linearScale([0, 100], [0, 100]);
    const y = linearScale([0, 10], [100, 0]);
    // Buckets of one minute, then none for an hour: the gap stays a gap.
    const points = [0, 1, 2, 62, 63].map((t) => ({ t, v: 5, low: 4, high: 6 }));
    expect(bandPath(points, x, y)).toBe('M0.0,40.0L1.0,40.0L2.0,40.0L2.0,60.0L1.0,60.0L0.0,60.0ZM62.0,40.0L63.0,40.0L63.0,60.0L62.0,60.0Z');
    expect(linePath(points, x, y)).toBe('M0.0,50.0L1.0,50.0L2.0,50.0M62.0,50.0L63.0,50.0');
  });

  it('draws a 20-minute outage as a gap, among raw samples a minute apart and among 5-minute buckets alike', () => {
    const minute = 60_000;
    const x = linearScale([0, 120 * minute], [0, 120]);
    const y = linearScale([0, 10], [100, 0]);
    const raw = [0, 1, 2, 3, 4, 5, 25, 26, 27, 28].map((m) => ({ t: m * minute, v: 5 }));
    expect(linePath(raw, x, y)).toBe('M0.0,50.0L1.0,50.0L2.0,50.0L3.0,50.0L4.0,50.0L5.0,50.0M25.0,50.0L26.0,50.0L27.0,50.0L28.0,50.0');
    // Buckets at 0, 5, …, 30 min, none for the outage from 30 to 50, then again from 55.
    const buckets = [0, 5, 10, 15, 20, 25, 30, 55, 60, 65].map((m) => ({ t: m * minute, v: 5, low: 4, high: 6 }));
    expect(linePath(buckets, x, y)).toBe('M0.0,50.0L5.0,50.0L10.0,50.0L15.0,50.0L20.0,50.0L25.0,50.0L30.0,50.0M55.0,50.0L60.0,50.0L65.0,50.0');
    // One bucket late by half its width is still one line.
    const late = [0, 5, 10, 17, 20, 25].map((m) => ({ t: m * minute, v: 5, low: 4, high: 6 }));
    expect(linePath(late, x, y)).not.toContain('M17');
  });

  it('finds the point nearest the pointer', () => {
    const points = [0, 10, 20, 30].map((t) => ({ t, v: t }));
    expect(nearestIndex(points, 14)).toBe(1);
    expect(nearestIndex(points, 26)).toBe(3);
    expect(nearestIndex([], 3)).toBe(-1);
  });
});

describe('time ranges', () => {
  it('counts presets back from now', () => {
    expect(presetRange('24H', new Date('2026-06-02T12:00:00Z'))).toEqual({ from: '2026-06-01T12:00:00.000Z', to: '2026-06-02T12:00:00.000Z' });
  });

  it('starts a custom range at 00:00 Universal', () => {
    const fields = emptyCustomRange('2026-06-01');
    expect(fields).toMatchObject({ fromHours: '00', fromMinutes: '00', timeZone: 'Universal' });
    expect(customRange(fields)).toEqual({ from: '2026-06-01T00:00:00.000Z', to: '2026-06-01T23:59:00.000Z' });
  });

  it('refuses a range that ends before it starts', () => {
    expect(customRange({ ...emptyCustomRange('2026-06-02'), toDate: '2026-06-01' })).toEqual({ error: 'The end must be after the start.' });
  });
});

describe('the chart view of a vessel', () => {
  it('starts on the whole of today in the Universal zone, every hour and minute at 00', () => {
    const { fields, range } = vesselChartRange('2026-12-31');
    expect(fields).toEqual({
      fromDate: '31/12/2026',
      fromHours: '00',
      fromMinutes: '00',
      toDate: '01/01/2027',
      toHours: '00',
      toMinutes: '00',
      timeZone: 'Universal',
    });
    expect(range).toEqual({ from: '2026-12-31T00:00:00.000Z', to: '2027-01-01T00:00:00.000Z' });
  });

  it('keeps only the engines and generators', () => {
    const device = (id: number, name: string) => ({
      id,
      name,
      category: 'mechanical' as const,
      manufacturer: null,
      model: null,
      serial: null,
      location: null,
      properties: [],
    });
    const kept = chartDevices([device(1, 'Port engine'), device(2, 'Saloon lights'), device(3, 'Generator output'), device(4, 'ENGINE ROOM fan')]);
    expect(kept.map((d) => d.id)).toEqual([1, 3, 4]);
  });
});

describe('a chart with very few values', () => {
  const x = linearScale([0, 120_000], [48, 468]);

  it('draws a value alone between gaps as a dot, and none where the line joins values', () => {
    const points = [
      { t: 0, v: 1 },
      { t: 1000, v: null },
      { t: 2000, v: 2 },
      { t: 3000, v: 3 },
    ];
    expect(lonePoints(points)).toEqual([{ t: 0, v: 1 }]);
    expect(lonePoints([{ t: 5, v: 7 }])).toEqual([{ t: 5, v: 7 }]);
  });

  it('puts a single moment mid-chart, a minute either side', () => {
    expect(timeDomain([{ t: 600_000, v: 1 }])).toEqual([540_000, 660_000]);
    expect(
      timeDomain([
        { t: 0, v: 1 },
        { t: 5000, v: 2 },
      ]),
    ).toEqual([0, 5000]);
  });

  it('leaves out time labels that would touch the one before', () => {
    expect(timeTicks([0, 120_000], x, 110)).toEqual([0, 60_000, 120_000]);
    // A scale squeezed into 150 units: only the start and the end fit.
    const narrow = linearScale([0, 120_000], [0, 150]);
    expect(timeTicks([0, 120_000], narrow, 110)).toEqual([0, 120_000]);
  });
});
