import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '../../app/services';
import { reportActionFailure } from '../../app/failures';
import { api, isApiError } from '../../lib/api';
import { displayUnit, type UnitSystem } from '../../lib/units';
import type { ChartLevel } from '../charts/levels';
import { TextField } from '../forms/Field';
import { vesselKeys } from '../vessels/queries';
import type { Property, WarningLevels } from './types';
import {
  checkLevels,
  FORM_FIELDS,
  formOfLevels,
  LEVEL_FIELDS,
  LEVEL_LABELS,
  parseNumber,
  type FormField,
  type LevelsForm,
  type LevelsPayload,
} from './levelsForm';

type SaveRequest = { payload: LevelsPayload; form: LevelsForm };

/**
 * A property's warning levels as a form in the user's units (docs/product.md, alarms): the
 * levels are shown on its chart, dragged there or typed here, and saved together.
 */
export function useWarningLevels(vesselId: number, property: Property, unitSystem: UnitSystem) {
  const { t } = useTranslation('devices');
  const queryClient = useQueryClient();
  const unit = displayUnit(property.units, unitSystem, property.path);
  const initial = useMemo(() => formOfLevels(property, unitSystem), [property, unitSystem]);
  const [form, setForm] = useState<LevelsForm>(initial);
  /** What the server holds as far as this form knows: the levels on opening, then the last saved. */
  const [saved, setSaved] = useState<LevelsForm>(initial);
  const dirty = FORM_FIELDS.some((field) => form[field] !== saved[field]);
  const [errors, setErrors] = useState<Partial<Record<FormField, string>>>({});

  const setField = (field: FormField, value: string) => {
    setForm((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  /** A line dragged on the chart to a value. */
  const dragLevel = (key: string, value: number) => {
    const field = LEVEL_FIELDS.find((name) => name === key);
    if (field) setField(field, String(value));
  };

  const levels: ChartLevel[] = LEVEL_FIELDS.flatMap((field) => {
    const value = parseNumber(form[field]);
    return value === null || !Number.isFinite(value)
      ? []
      : [{ key: field, label: LEVEL_LABELS[field], value, tone: field.endsWith('Critical') ? 'critical' : 'warning' }];
  });

  const save = useMutation({
    mutationFn: ({ payload }: SaveRequest) =>
      api.post<{ propertyId: number; warningLevels: WarningLevels | null }>('devices/setPropertyWarningLevels', payload),
    onSuccess: ({ warningLevels }, request) => {
      setSaved(request.form);
      toast.success(warningLevels ? t('levels.saved') : t('levels.removed'));
      void queryClient.invalidateQueries({ queryKey: vesselKeys.section(vesselId, 'devices') });
    },
    onError: (error) => {
      // A 400 names the field it refuses (docs/api.md, Conventions): shown under that field.
      const message = isApiError(error) && error.status === 400 ? (error.serverMessage ?? '') : '';
      const field = FORM_FIELDS.find((name) => message.includes(name));
      if (field) setErrors({ [field]: message.replace(/"/g, '') });
      else reportActionFailure(t('levels.saving'), error);
    },
  });

  const submit = () => {
    const checked = checkLevels(form, property, unitSystem);
    if ('errors' in checked) setErrors(checked.errors);
    else save.mutate({ payload: checked.payload, form });
  };

  const clear = () => {
    setForm({ lowCritical: '', lowWarning: '', highWarning: '', highCritical: '', hysteresis: '0', delaySeconds: '0' });
    setErrors({});
  };

  return { form, errors, dirty, setField, dragLevel, levels, submit, clear, saving: save.isPending, unit: unit.unit, step: 10 ** -unit.decimals };
}

type LevelsState = ReturnType<typeof useWarningLevels>;

/** The number fields of the levels: the keyboard's way to what dragging does on the chart. */
export function WarningLevelsEditor({ state, editable }: { state: LevelsState; editable: boolean }) {
  const { form, errors, setField, submit, clear, saving, unit, step } = state;
  const { t } = useTranslation('devices');
  const suffix = unit ? ` (${unit})` : '';
  return (
    <form
      className="levels-form"
      aria-label={t('levels.title')}
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <h3>{t('levels.title')}</h3>
      {editable ? <p className="muted">{t('levels.editHint')}</p> : <p className="notice">{t('levels.readOnly')}</p>}
      <div className="levels-form__grid">
        {LEVEL_FIELDS.map((field) => (
          <TextField
            key={field}
            label={`${LEVEL_LABELS[field]}${suffix}`}
            type="number"
            inputMode="decimal"
            step={step}
            value={form[field]}
            readOnly={!editable}
            error={errors[field]}
            onChange={(event) => setField(field, event.target.value)}
          />
        ))}
        <TextField
          label={`${t('levels.hysteresis')}${suffix}`}
          hint={t('levels.hysteresisHint')}
          type="number"
          inputMode="decimal"
          min={0}
          step={step}
          value={form.hysteresis}
          readOnly={!editable}
          error={errors.hysteresis}
          onChange={(event) => setField('hysteresis', event.target.value)}
        />
        <TextField
          label={t('levels.delay')}
          hint={t('levels.delayHint')}
          type="number"
          inputMode="numeric"
          min={0}
          max={3600}
          step={1}
          value={form.delaySeconds}
          readOnly={!editable}
          error={errors.delaySeconds}
          onChange={(event) => setField('delaySeconds', event.target.value)}
        />
      </div>
      {editable ? (
        <div className="button-row">
          <button type="button" className="button" onClick={clear} disabled={saving}>
            {t('levels.clear')}
          </button>
          <button type="submit" className="button button--primary" disabled={saving}>
            {saving ? t('levels.savingButton') : t('levels.save')}
          </button>
        </div>
      ) : null}
    </form>
  );
}
