import { describe, expect, it } from 'vitest';
import { controlKind, isEngineOrGenerator, isLevel, isOn, levelTone } from '../../web/src/features/devices/properties';
import { keyFigures } from '../../web/src/features/vessels/keyFigures';
import { houseBattery, saloonLights } from './fixtures';

const property = (path: string, units: string, writable = true) => ({ path, units, writable });

describe('device controls', () => {
  it('picks the control from the unit and the category', () => {
    expect(controlKind({ category: 'lighting' }, property('electrical.switches.bank.0.1.state', 'bool'))).toBe('switch');
    expect(controlKind({ category: 'lighting' }, property('link.lighting.saloon.dimmer', 'ratio'))).toBe('dimmer');
    expect(controlKind({ category: 'shades' }, property('link.shades.saloon.position', 'ratio'))).toBe('shade');
    expect(controlKind({ category: 'climate' }, property('link.climate.master.setpoint', 'K'))).toBe('setpoint');
    expect(controlKind({ category: 'power' }, property('link.power.inverter.limit', 'A'))).toBe('number');
    expect(controlKind({ category: 'power' }, property('electrical.batteries.house.voltage', 'V', false))).toBe('readonly');
  });

  it('reads switch states reported as 1/0 or booleans', () => {
    expect(isOn(1)).toBe(true);
    expect(isOn(true)).toBe(true);
    expect(isOn(0)).toBe(false);
    expect(isOn(null)).toBe(false);
  });
});

describe('level gauges', () => {
  it('draws tanks and states of charge as gauges', () => {
    expect(isLevel(property('tanks.fuel.0.currentLevel', 'ratio', false))).toBe(true);
    expect(isLevel(property('electrical.batteries.house.capacity.stateOfCharge', 'ratio', false))).toBe(true);
    expect(isLevel(property('link.shades.saloon.position', 'ratio', true))).toBe(false);
  });

  it('warns about empty fuel and full black water', () => {
    expect(levelTone({ path: 'tanks.fuel.0.currentLevel', warningLevels: null }, 0.08)).toBe('critical');
    expect(levelTone({ path: 'tanks.fuel.0.currentLevel', warningLevels: null }, 0.2)).toBe('warning');
    expect(levelTone({ path: 'tanks.fuel.0.currentLevel', warningLevels: null }, 0.9)).toBe('ok');
    expect(levelTone({ path: 'tanks.blackWater.0.currentLevel', warningLevels: null }, 0.95)).toBe('critical');
    expect(levelTone({ path: 'tanks.blackWater.0.currentLevel', warningLevels: null }, 0.1)).toBe('ok');
  });

  it('follows the property’s own warning levels when it has them', () => {
    const levels = { lowWarning: 0.5, lowCritical: 0.3 };
    expect(levelTone({ path: 'tanks.freshWater.0.currentLevel', warningLevels: levels }, 0.45)).toBe('warning');
    expect(levelTone({ path: 'tanks.freshWater.0.currentLevel', warningLevels: levels }, 0.25)).toBe('critical');
  });
});

describe('overview', () => {
  it('keeps only engines and generators for the chart context', () => {
    expect(isEngineOrGenerator({ name: 'Port engine' })).toBe(true);
    expect(isEngineOrGenerator({ name: 'Generator' })).toBe(true);
    expect(isEngineOrGenerator({ name: 'House battery' })).toBe(false);
  });

  it('finds the key figures the vessel reports', () => {
    const figures = keyFigures([saloonLights(), houseBattery()]);
    expect(figures.map((figure) => [figure.label, figure.property.id])).toEqual([['Battery voltage', 100]]);
  });
});
