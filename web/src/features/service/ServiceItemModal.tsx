import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toast } from '../../app/services';
import { FormModal } from '../admin/FormModal';
import { errorFor, formFailure, type FormFailure } from '../admin/fieldErrors';
import { TextField } from '../forms/Field';
import { vesselKeys } from '../vessels/queries';
import { serviceActions } from './queries';
import { DEFAULT_REMINDER_DAYS, DEFAULT_REMINDER_HOURS, type EngineHours, type ServiceItem, type ServiceItemInput } from './types';

const FIELDS = ['name', 'engine', 'intervalHours', 'intervalMonths', 'reminderHours', 'reminderDays', 'lastDoneOn', 'lastDoneHours'] as const;
type Form = Record<(typeof FIELDS)[number], string>;

const text = (n: number | null | undefined) => (n === null || n === undefined ? '' : String(n));
const numberOrNull = (s: string) => (s.trim() === '' ? null : Number(s));

/** Adds a maintenance item, or edits one: what, on which engine, how often, when reminders start. */
export function ServiceItemModal({
  vesselId,
  item,
  engines,
  onClose,
}: {
  vesselId: number;
  item: ServiceItem | null;
  engines: EngineHours[];
  onClose: () => void;
}) {
  const { t } = useTranslation('service');
  const queryClient = useQueryClient();
  const initial: Form = {
    name: item?.name ?? '',
    engine: item?.engine ?? '',
    intervalHours: text(item?.intervalHours),
    intervalMonths: text(item?.intervalMonths),
    reminderHours: text(item?.reminderHours ?? DEFAULT_REMINDER_HOURS),
    reminderDays: text(item?.reminderDays ?? DEFAULT_REMINDER_DAYS),
    lastDoneOn: item?.lastDoneOn ?? '',
    lastDoneHours: text(item?.lastDoneHours),
  };
  const [form, setForm] = useState<Form>(initial);
  const [failure, setFailure] = useState<FormFailure | null>(null);
  const set = (field: keyof Form) => (event: { target: { value: string } }) => setForm({ ...form, [field]: event.target.value });
  const dirty = FIELDS.some((f) => form[f] !== initial[f]);

  const save = useMutation({
    mutationFn: () => {
      const input: ServiceItemInput = {
        name: form.name.trim(),
        engine: form.engine.trim() || null,
        intervalHours: numberOrNull(form.intervalHours),
        intervalMonths: numberOrNull(form.intervalMonths),
        reminderHours: Number(form.reminderHours || 0),
        reminderDays: Number(form.reminderDays || 0),
        ...(form.lastDoneOn ? { lastDoneOn: form.lastDoneOn } : {}),
        ...(form.lastDoneHours.trim() !== '' ? { lastDoneHours: Number(form.lastDoneHours) } : {}),
      };
      return item ? serviceActions.edit(vesselId, item.id, input) : serviceActions.add(vesselId, input);
    },
    onSuccess: () => {
      toast.success(item ? t('item.saved') : t('item.added'));
      onClose();
      return queryClient.invalidateQueries({ queryKey: vesselKeys.section(vesselId, 'service') });
    },
    onError: (error) => setFailure(formFailure(item ? t('item.saving') : t('item.adding'), error, FIELDS)),
  });

  const engineListId = `service-engines-${vesselId}`;
  return (
    <FormModal
      title={item ? t('tab.editOf', { item: item.name }) : t('item.addTitle')}
      submitLabel={item ? t('item.save') : t('item.add')}
      pending={save.isPending}
      failure={failure}
      dirty={dirty}
      onSubmit={() => save.mutate()}
      onClose={onClose}
    >
      <TextField
        label={t('item.what')}
        required
        maxLength={120}
        value={form.name}
        onChange={set('name')}
        placeholder={t('item.whatPlaceholder')}
        error={errorFor(failure, 'name')}
      />
      <TextField
        label={t('item.engine')}
        list={engineListId}
        value={form.engine}
        onChange={set('engine')}
        hint={engines.length ? t('item.engineHintReporting', { engines: engines.map((e) => e.engine).join(', ') }) : t('item.engineHint')}
        error={errorFor(failure, 'engine')}
      />
      <datalist id={engineListId}>
        {engines.map((e) => (
          <option key={e.engine} value={e.engine} />
        ))}
      </datalist>
      <div className="form__row">
        <TextField
          label={t('item.everyHours')}
          type="number"
          min={1}
          inputMode="decimal"
          value={form.intervalHours}
          onChange={set('intervalHours')}
          error={errorFor(failure, 'intervalHours')}
        />
        <TextField
          label={t('item.everyMonths')}
          type="number"
          min={1}
          inputMode="numeric"
          value={form.intervalMonths}
          onChange={set('intervalMonths')}
          error={errorFor(failure, 'intervalMonths')}
        />
      </div>
      <p className="field__hint">{t('item.intervalHint')}</p>
      <div className="form__row">
        <TextField
          label={t('item.remindHours')}
          type="number"
          min={0}
          value={form.reminderHours}
          onChange={set('reminderHours')}
          error={errorFor(failure, 'reminderHours')}
        />
        <TextField
          label={t('item.remindDays')}
          type="number"
          min={0}
          value={form.reminderDays}
          onChange={set('reminderDays')}
          error={errorFor(failure, 'reminderDays')}
        />
      </div>
      <div className="form__row">
        <TextField
          label={t('item.lastDoneOn')}
          type="date"
          value={form.lastDoneOn}
          onChange={set('lastDoneOn')}
          hint={item ? undefined : t('todayIfEmpty')}
          error={errorFor(failure, 'lastDoneOn')}
        />
        <TextField
          label={t('runHoursThen')}
          type="number"
          min={0}
          value={form.lastDoneHours}
          onChange={set('lastDoneHours')}
          hint={item ? undefined : t('item.currentReading')}
          error={errorFor(failure, 'lastDoneHours')}
        />
      </div>
    </FormModal>
  );
}
