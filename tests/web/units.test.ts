import { describe, expect, it } from 'vitest';
import { formatCoordinate, formatValue, fromSi, toSi, unitLabel } from '../../web/src/lib/units';

describe('unit conversion', () => {
  it.each([
    ['K', 295.15, 22, '°C', 71.6, '°F'],
    ['m3', 0.42, 420, 'L', 111, 'gal'],
    ['Pa', 310_000, 3.1, 'bar', 45, 'psi'],
    ['m', 12.4, 12.4, 'm', 40.7, 'ft'],
    ['ratio', 0.875, 88, '%', 88, '%'],
    ['rad', Math.PI / 2, 90, '°', 90, '°'],
    ['m/s', 5.144, 10, 'kn', 10, 'kn'],
    ['m3/s', 0.0001, 360, 'L/h', 95.1, 'gal/h'],
    ['rad/s', Math.PI / 180, 1, '°/s', 1, '°/s'],
    ['C', 360_000, 100, 'Ah', 100, 'Ah'],
    ['s', 7200, 2, 'h', 2, 'h'],
    ['V', 12.6, 12.6, 'V', 12.6, 'V'],
  ])('converts %s into metric and imperial', (units, si, metric, metricUnit, imperial, imperialUnit) => {
    expect(fromSi(si, units, 'metric')).toBeCloseTo(metric, 1);
    expect(unitLabel(units, 'metric')).toBe(metricUnit);
    expect(fromSi(si, units, 'imperial')).toBeCloseTo(imperial, 1);
    expect(unitLabel(units, 'imperial')).toBe(imperialUnit);
  });

  it('shows engine revolutions in rpm', () => {
    expect(formatValue(30, 'Hz', 'metric', 'propulsion.port.revolutions')).toBe('1,800 rpm');
    expect(formatValue(50, 'Hz', 'metric', 'electrical.ac.shore.phase.single.frequency')).toBe('50.0 Hz');
  });

  it('turns a value typed in the user’s units back into SI for a set point', () => {
    expect(toSi(21, 'K', 'metric')).toBeCloseTo(294.15, 6);
    expect(toSi(70, 'K', 'imperial')).toBeCloseTo(294.261, 3);
    expect(fromSi(toSi(70, 'K', 'imperial'), 'K', 'imperial')).toBe(70);
  });

  it('formats values as people read them', () => {
    expect(formatValue(295.15, 'K', 'metric')).toBe('22.0 °C');
    expect(formatValue(295.15, 'K', 'imperial')).toBe('71.6 °F');
    expect(formatValue(0.87, 'ratio', 'metric')).toBe('87 %');
    expect(formatValue(1, 'bool', 'metric')).toBe('On');
    expect(formatValue(0, 'bool', 'metric')).toBe('Off');
    expect(formatValue(null, 'V', 'metric')).toBe('—');
    expect(formatValue(12.61, 'V', 'imperial')).toBe('12.61 V');
  });

  it('formats positions in degrees and decimal minutes', () => {
    expect(formatValue({ latitude: 43.7, longitude: -7.42 }, null, 'metric')).toBe('43°42.000′ N, 7°25.200′ W');
    expect(formatCoordinate(-33.8568, 'lat')).toBe('33°51.408′ S');
  });
});
