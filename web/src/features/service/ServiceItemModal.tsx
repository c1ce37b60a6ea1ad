import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
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
      toast.success(item ? 'Service item saved' : 'Service item added');
      onClose();
      return queryClient.invalidateQueries({ queryKey: vesselKeys.section(vesselId, 'service') });
    },
    onError: (error) => setFailure(formFailure(item ? 'Saving the service item' : 'Adding the service item', error, FIELDS)),
  });

  const engineListId = `service-engines-${vesselId}`;
  return (
    <FormModal
      title={item ? `Edit ${item.name}` : 'Add a service item'}
      submitLabel={item ? 'Save' : 'Add'}
      pending={save.isPending}
      failure={failure}
      dirty={dirty}
      onSubmit={() => save.mutate()}
      onClose={onClose}
    >
      <TextField
        label="What"
        required
        maxLength={120}
        value={form.name}
        onChange={set('name')}
        placeholder="Engine oil and filter change"
        error={errorFor(failure, 'name')}
      />
      <TextField
        label="Engine"
        list={engineListId}
        value={form.engine}
        onChange={set('engine')}
        hint={
          engines.length
            ? `Reporting: ${engines.map((e) => e.engine).join(', ')}. Needed to count run hours.`
            : 'Needed to count run hours (port, starboard, generator…).'
        }
        error={errorFor(failure, 'engine')}
      />
      <datalist id={engineListId}>
        {engines.map((e) => (
          <option key={e.engine} value={e.engine} />
        ))}
      </datalist>
      <div className="form__row">
        <TextField
          label="Every (run hours)"
          type="number"
          min={1}
          inputMode="decimal"
          value={form.intervalHours}
          onChange={set('intervalHours')}
          error={errorFor(failure, 'intervalHours')}
        />
        <TextField
          label="Every (months)"
          type="number"
          min={1}
          inputMode="numeric"
          value={form.intervalMonths}
          onChange={set('intervalMonths')}
          error={errorFor(failure, 'intervalMonths')}
        />
      </div>
      <p className="field__hint">Give hours, months or both: the item falls due at whichever comes first.</p>
      <div className="form__row">
        <TextField
          label="Remind (hours before)"
          type="number"
          min={0}
          value={form.reminderHours}
          onChange={set('reminderHours')}
          error={errorFor(failure, 'reminderHours')}
        />
        <TextField
          label="Remind (days before)"
          type="number"
          min={0}
          value={form.reminderDays}
          onChange={set('reminderDays')}
          error={errorFor(failure, 'reminderDays')}
        />
      </div>
      <div className="form__row">
        <TextField
          label="Last done on"
          type="date"
          value={form.lastDoneOn}
          onChange={set('lastDoneOn')}
          hint={item ? undefined : 'Today if left empty.'}
          error={errorFor(failure, 'lastDoneOn')}
        />
        <TextField
          label="Run hours then"
          type="number"
          min={0}
          value={form.lastDoneHours}
          onChange={set('lastDoneHours')}
          hint={item ? undefined : 'The engine’s current reading if left empty.'}
          error={errorFor(failure, 'lastDoneHours')}
        />
      </div>
    </FormModal>
  );
}
