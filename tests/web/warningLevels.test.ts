import { describe, expect, it } from 'vitest';
import { checkLevels, formOfLevels, type LevelsForm } from '../../web/src/features/devices/levelsForm';

const coolant = {
  id: 7,
  path: 'propulsion.port.coolantTemperature',
  units: 'K',
  warningLevels: { lowCritical: null, lowWarning: null, highWarning: 358.15, highCritical: 363.15, hysteresis: 2, delaySeconds: 10 },
};
const form = (overrides: Partial<LevelsForm>): LevelsForm => ({
  lowCritical: '',
  lowWarning: '',
  highWarning: '',
  highCritical: '',
  hysteresis: '0',
  delaySeconds: '0',
  ...overrides,
});

describe('warning levels in the user’s units', () => {
  it('shows levels in °C or °F, and the hysteresis as a difference', () => {
    expect(formOfLevels(coolant, 'metric')).toEqual(form({ highWarning: '85', highCritical: '90', hysteresis: '2', delaySeconds: '10' }));
    expect(formOfLevels(coolant, 'imperial')).toEqual(form({ highWarning: '185', highCritical: '194', hysteresis: '3.6', delaySeconds: '10' }));
    expect(formOfLevels({ ...coolant, warningLevels: null }, 'metric')).toEqual(form({}));
  });

  it('sends SI values back, the hysteresis without the unit’s offset', () => {
    expect(checkLevels(form({ highCritical: '194', hysteresis: '3.6' }), coolant, 'imperial')).toEqual({
      payload: { propertyId: 7, lowCritical: null, lowWarning: null, highWarning: null, highCritical: 363.15, hysteresis: 2, delaySeconds: 0 },
    });
    expect(checkLevels(form({ highWarning: '80,5' }), coolant, 'metric')).toMatchObject({ payload: { highWarning: 353.65 } });
  });

  it('refuses levels out of order, a negative hysteresis, a delay out of range and words, under their fields', () => {
    expect(checkLevels(form({ lowWarning: '50', highWarning: '40', highCritical: '90' }), coolant, 'metric')).toEqual({
      errors: { highWarning: 'Must be above low warning' },
    });
    expect(checkLevels(form({ hysteresis: '-1', delaySeconds: '3601', lowCritical: 'cold' }), coolant, 'metric')).toEqual({
      errors: { lowCritical: 'Enter a number', hysteresis: 'Cannot be negative', delaySeconds: 'Whole seconds from 0 to 3600' },
    });
  });
});
