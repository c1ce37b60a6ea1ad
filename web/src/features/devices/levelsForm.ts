/**
 * A property's warning levels as a form in the user's units and back to the SI payload of
 * POST devices/setPropertyWarningLevels (docs/api.md "Alerts"), checked field by field as the
 * server checks them. Hysteresis is a difference: converted without the unit's offset.
 */
import { i18n, labelsOf } from '../../i18n';
import { displayUnit, fromSi, toSi, type UnitSystem } from '../../lib/units';
import type { Property, WarningLevels } from './types';

export const LEVEL_FIELDS = ['lowCritical', 'lowWarning', 'highWarning', 'highCritical'] as const;
export type LevelField = (typeof LEVEL_FIELDS)[number];
export type FormField = LevelField | 'hysteresis' | 'delaySeconds';
export const FORM_FIELDS: readonly FormField[] = [...LEVEL_FIELDS, 'hysteresis', 'delaySeconds'];

/** Each level's name, read in the current language. */
export const LEVEL_LABELS: Record<LevelField, string> = labelsOf(LEVEL_FIELDS, (field) => i18n.t(`devices:levels.${field}`));

export type LevelsForm = Record<FormField, string>;
export type LevelsPayload = { propertyId: number } & Record<LevelField, number | null> & { hysteresis: number; delaySeconds: number };
export type LevelsErrors = Partial<Record<FormField, string>>;

const text = (value: number | null | undefined) => (value === null || value === undefined ? '' : String(value));

/** A typed number (a comma taken as the decimal point); null for an empty field, NaN for anything else. */
export const parseNumber = (value: string) => (value.trim() === '' ? null : Number(value.replace(',', '.')));

/** Removes the float noise of a unit conversion. */
const clean = (value: number) => Number(value.toPrecision(12));

/** The property's levels as the form shows them, in the user's units. */
export function formOfLevels(property: Pick<Property, 'units' | 'path' | 'warningLevels'>, unitSystem: UnitSystem): LevelsForm {
  const { units, path } = property;
  const levels: WarningLevels = property.warningLevels ?? {};
  const decimals = displayUnit(units, unitSystem, path).decimals;
  const shown = (value: number | null | undefined) => (typeof value === 'number' ? fromSi(value, units, unitSystem, path) : null);
  const hysteresis =
    typeof levels.hysteresis === 'number'
      ? Number((fromSi(levels.hysteresis, units, unitSystem, path) - fromSi(0, units, unitSystem, path)).toFixed(decimals))
      : 0;
  return {
    lowCritical: text(shown(levels.lowCritical)),
    lowWarning: text(shown(levels.lowWarning)),
    highWarning: text(shown(levels.highWarning)),
    highCritical: text(shown(levels.highCritical)),
    hysteresis: text(hysteresis),
    delaySeconds: text(levels.delaySeconds ?? 0),
  };
}

/** The form checked (levels rising from low critical to high critical), or the payload in SI units. */
export function checkLevels(
  form: LevelsForm,
  property: Pick<Property, 'id' | 'units' | 'path'>,
  unitSystem: UnitSystem,
): { payload: LevelsPayload } | { errors: LevelsErrors } {
  const { units, path } = property;
  const found: LevelsErrors = {};
  for (const field of FORM_FIELDS) {
    const value = parseNumber(form[field]);
    if (value !== null && !Number.isFinite(value)) found[field] = i18n.t('devices:levels.enterNumber');
  }
  let below: LevelField | null = null;
  for (const field of LEVEL_FIELDS) {
    const value = parseNumber(form[field]);
    if (value === null || found[field]) continue;
    if (below !== null && value <= parseNumber(form[below])!) found[field] = i18n.t(`devices:levels.above.${below}`);
    below = field;
  }
  const hysteresis = parseNumber(form.hysteresis) ?? 0;
  if (!found.hysteresis && hysteresis < 0) found.hysteresis = i18n.t('devices:levels.notNegative');
  const delay = parseNumber(form.delaySeconds) ?? 0;
  if (!found.delaySeconds && (!Number.isInteger(delay) || delay < 0 || delay > 3600)) found.delaySeconds = i18n.t('devices:levels.delayRange');
  if (Object.keys(found).length > 0) return { errors: found };
  const si = (value: number | null) => (value === null ? null : clean(toSi(value, units, unitSystem, path)));
  return {
    payload: {
      propertyId: property.id,
      lowCritical: si(parseNumber(form.lowCritical)),
      lowWarning: si(parseNumber(form.lowWarning)),
      highWarning: si(parseNumber(form.highWarning)),
      highCritical: si(parseNumber(form.highCritical)),
      hysteresis: clean(toSi(hysteresis, units, unitSystem, path) - toSi(0, units, unitSystem, path)),
      delaySeconds: delay,
    },
  };
}
