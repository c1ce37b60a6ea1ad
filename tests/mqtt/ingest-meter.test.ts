import { describe, expect, it } from 'vitest';
import { IngestMeter } from '../../src/modules/bridges/service.js';

const MIN = 60_000;

describe('the ingest meter of the admin overview', () => {
  it('extrapolates the first minute, then averages up to five whole minutes', () => {
    const start = 1_000 * MIN + 30_000;
    const meter = new IngestMeter(start);
    for (let i = 0; i < 10; i++) meter.count(start + i * 1000);
    // 10 messages in the first 15 seconds: 40 a minute.
    expect(meter.ratePerMinute(start + 15_000)).toBe(40);
    for (let m = 1; m <= 7; m++) for (let i = 0; i < m * 10; i++) meter.count(1_000 * MIN + m * MIN + i);
    // At minute 1008 the whole minutes 1003–1007 count: 30+40+50+60+70 over five.
    expect(meter.ratePerMinute(1_008 * MIN + 5)).toBe(50);
    const series = meter.lastMinutes(1_008 * MIN + 5, 3);
    expect(series.map((m) => m.messages)).toEqual([60, 70, 0]);
    expect(series.at(-1)!.minute).toBe(new Date(1_008 * MIN).toISOString());
  });
});
