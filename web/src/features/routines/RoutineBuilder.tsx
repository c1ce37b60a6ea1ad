import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  ROUTINE_ALERT_PRIORITIES,
  ROUTINE_COMPARISONS,
  ROUTINE_MODES,
  type Action,
  type Condition,
  type ConditionsTest,
  type DryRun,
  type RoutineInput,
  type Trigger,
} from '../../../../contracts/routines';
import { toast } from '../../app/services';
import { i18n, labelsOf } from '../../i18n';
import { reportActionFailure } from '../../app/failures';
import { isApiError } from '../../lib/api';
import { deviceQueries } from '../devices/queries';
import type { Device, Property } from '../devices/types';
import { SelectField, TextField } from '../forms/Field';
import { useFormatters } from '../profile/usePreferences';
import { fromSi, toSi, unitLabel } from '../../../../contracts/units';
import { DryRunResult } from './DryRunResult';
import { routineActions, routineKeys } from './queries';

const TRIGGER_DEFAULTS: Record<Trigger['type'], Trigger> = {
  property: { type: 'property', propertyId: 0, comparison: '<', value: 0, forSeconds: 0 },
  time: { type: 'time', at: '07:00' },
  schedule: { type: 'schedule', cron: '0 * * * *' },
  sun: { type: 'sun', event: 'sunset', offsetMinutes: 0 },
  geofence: { type: 'geofence', event: 'leave' },
  online: { type: 'online', online: false },
  alert: { type: 'alert', event: 'raised' },
};
const TRIGGER_LABELS: Record<Trigger['type'], string> = labelsOf(Object.keys(TRIGGER_DEFAULTS) as Trigger['type'][], (type) =>
  i18n.t(`routines:triggers.${type}`),
);
const CONDITION_DEFAULTS: Record<Condition['type'], Condition> = {
  property: { type: 'property', propertyId: 0, comparison: '>', value: 0 },
  time: { type: 'time', after: '08:00', before: '20:00' },
  online: { type: 'online', online: true },
};
const CONDITION_LABELS: Record<Condition['type'], string> = labelsOf(Object.keys(CONDITION_DEFAULTS) as Condition['type'][], (type) =>
  i18n.t(`routines:conditions.${type}`),
);
const ACTION_DEFAULTS: Record<Action['type'], Action> = {
  command: { type: 'command', propertyId: 0, value: 1 },
  wait: { type: 'wait', seconds: 60 },
  raiseAlert: { type: 'raiseAlert', priority: 'warning', message: '' },
  clearAlert: { type: 'clearAlert' },
  notify: { type: 'notify', message: '' },
};
const ACTION_LABELS: Record<Action['type'], string> = labelsOf(Object.keys(ACTION_DEFAULTS) as Action['type'][], (type) => i18n.t(`routines:actions.${type}`));

interface Choice {
  device: Device;
  property: Property;
}

const options = <T extends string>(labels: Record<T, string>) => (Object.keys(labels) as T[]).map((value) => ({ value, label: labels[value] }));
const valueOf = (text: string): number | string | boolean => (text.trim() !== '' && Number.isFinite(Number(text)) ? Number(text) : text);

/** A property picker showing each property's current value and units. */
function PropertyPicker({ label, choices, value, onChange }: { label: string; choices: Choice[]; value: number; onChange: (id: number) => void }) {
  const { t } = useTranslation('routines');
  const format = useFormatters();
  return (
    <SelectField
      label={label}
      value={value ? String(value) : ''}
      placeholder={t('fields.chooseProperty')}
      options={choices.map(({ device, property }) => ({
        value: String(property.id),
        label: t('fields.propertyOption', {
          device: device.name,
          property: property.displayName,
          value: property.value === null ? t('fields.noValue') : format.value(property.value, property.units, property.path),
        }),
      }))}
      onChange={(event) => onChange(Number(event.target.value))}
    />
  );
}

/**
 * A value compared with or sent to a property, typed in the person's units (a state of charge in
 * %, a temperature in °C or °F) and kept in the Signal K unit the server compares (a ratio,
 * kelvin): the conversion is contracts/units.ts, the one the screens show values with.
 */
function PropertyValueField({
  label,
  choices,
  propertyId,
  value,
  onChange,
}: {
  label: string;
  choices: Choice[];
  propertyId: number;
  value: unknown;
  onChange: (value: unknown) => void;
}) {
  const { t } = useTranslation('routines');
  const { unitSystem } = useFormatters();
  const property = choices.find((c) => c.property.id === propertyId)?.property;
  const shown = (raw: unknown) => (typeof raw === 'number' && property ? String(fromSi(raw, property.units, unitSystem, property.path)) : String(raw ?? ''));
  const [text, setText] = useState(() => shown(value));
  const [forProperty, setForProperty] = useState(propertyId);
  if (forProperty !== propertyId) {
    // Another property: its units; the number typed keeps its meaning in them.
    setForProperty(propertyId);
    const typed = valueOf(text);
    if (typeof typed === 'number' && property) onChange(toSi(typed, property.units, unitSystem, property.path));
  }
  const unit = property?.units ? unitLabel(property.units, unitSystem, property.path) : '';
  return (
    <TextField
      label={unit ? t('fields.withUnit', { label, unit }) : label}
      value={text}
      onChange={(event) => {
        setText(event.target.value);
        const typed = valueOf(event.target.value);
        onChange(typeof typed === 'number' && property ? toSi(typed, property.units, unitSystem, property.path) : typed);
      }}
    />
  );
}

function PropertyTestFields({
  item,
  choices,
  onChange,
}: {
  item: { propertyId: number; comparison: string; value: unknown };
  choices: Choice[];
  onChange: (patch: object) => void;
}) {
  const { t } = useTranslation('routines');
  return (
    <>
      <PropertyPicker label={t('fields.property')} choices={choices} value={item.propertyId} onChange={(propertyId) => onChange({ propertyId })} />
      <SelectField
        label={t('fields.comparison')}
        value={item.comparison}
        options={ROUTINE_COMPARISONS.map((value) => ({ value, label: value }))}
        onChange={(event) => onChange({ comparison: event.target.value })}
      />
      <PropertyValueField
        label={t('fields.value')}
        choices={choices}
        propertyId={item.propertyId}
        value={item.value}
        onChange={(value) => onChange({ value })}
      />
    </>
  );
}

function TriggerFields({ trigger, choices, onChange }: { trigger: Trigger; choices: Choice[]; onChange: (patch: object) => void }) {
  const { t } = useTranslation('routines');
  switch (trigger.type) {
    case 'property':
      return (
        <>
          <PropertyTestFields item={trigger} choices={choices} onChange={onChange} />
          <TextField
            label={t('fields.forAtLeast')}
            type="number"
            min={0}
            max={1440}
            step="any"
            value={String((trigger.forSeconds ?? 0) / 60)}
            onChange={(event) => onChange({ forSeconds: Math.round(Number(event.target.value || 0) * 60) })}
          />
        </>
      );
    case 'time':
      return <TextField label={t('fields.at')} type="time" value={trigger.at} onChange={(event) => onChange({ at: event.target.value })} />;
    case 'schedule':
      return (
        <TextField label={t('fields.cron')} hint={t('fields.cronHint')} value={trigger.cron} onChange={(event) => onChange({ cron: event.target.value })} />
      );
    case 'sun':
      return (
        <>
          <SelectField
            label={t('fields.event')}
            value={trigger.event}
            options={options({ sunrise: t('fields.sunrise'), sunset: t('fields.sunset') })}
            onChange={(event) => onChange({ event: event.target.value })}
          />
          <TextField
            label={t('fields.offset')}
            type="number"
            value={String(trigger.offsetMinutes ?? 0)}
            onChange={(event) => onChange({ offsetMinutes: Number(event.target.value || 0) })}
          />
        </>
      );
    case 'geofence':
      return (
        <SelectField
          label={t('fields.whenTheVessel')}
          value={trigger.event}
          options={options({ leave: t('fields.leaves'), enter: t('fields.enters') })}
          onChange={(event) => onChange({ event: event.target.value })}
        />
      );
    case 'online':
      return (
        <SelectField
          label={t('fields.goes')}
          value={String(trigger.online)}
          options={options({ true: t('fields.online'), false: t('fields.offline') })}
          onChange={(event) => onChange({ online: event.target.value === 'true' })}
        />
      );
    case 'alert':
      return (
        <SelectField
          label={t('fields.anAlertIs')}
          value={trigger.event}
          options={options({ raised: t('fields.raised'), acknowledged: t('fields.acknowledged'), cleared: t('fields.cleared') })}
          onChange={(event) => onChange({ event: event.target.value })}
        />
      );
  }
}

function ConditionFields({ condition, choices, onChange }: { condition: Condition; choices: Choice[]; onChange: (patch: object) => void }) {
  const { t } = useTranslation('routines');
  switch (condition.type) {
    case 'property':
      return <PropertyTestFields item={condition} choices={choices} onChange={onChange} />;
    case 'time':
      return (
        <>
          <TextField label={t('fields.after')} type="time" value={condition.after} onChange={(event) => onChange({ after: event.target.value })} />
          <TextField label={t('fields.before')} type="time" value={condition.before} onChange={(event) => onChange({ before: event.target.value })} />
        </>
      );
    case 'online':
      return (
        <SelectField
          label={t('fields.theVesselIs')}
          value={String(condition.online)}
          options={options({ true: t('fields.online'), false: t('fields.offline') })}
          onChange={(event) => onChange({ online: event.target.value === 'true' })}
        />
      );
  }
}

function ActionFields({ action, writable, onChange }: { action: Action; writable: Choice[]; onChange: (patch: object) => void }) {
  const { t } = useTranslation('routines');
  switch (action.type) {
    case 'command':
      return (
        <>
          <PropertyPicker label={t('fields.deviceProperty')} choices={writable} value={action.propertyId} onChange={(propertyId) => onChange({ propertyId })} />
          <PropertyValueField
            label={t('fields.setTo')}
            choices={writable}
            propertyId={action.propertyId}
            value={action.value}
            onChange={(value) => onChange({ value })}
          />
        </>
      );
    case 'wait':
      return (
        <TextField
          label={t('fields.seconds')}
          type="number"
          min={1}
          value={String(action.seconds)}
          onChange={(event) => onChange({ seconds: Number(event.target.value || 0) })}
        />
      );
    case 'raiseAlert':
      return (
        <>
          <SelectField
            label={t('fields.priority')}
            value={action.priority}
            options={ROUTINE_ALERT_PRIORITIES.map((value) => ({ value, label: t(`priorities.${value}`) }))}
            onChange={(event) => onChange({ priority: event.target.value })}
          />
          <TextField label={t('fields.message')} value={action.message} maxLength={1000} onChange={(event) => onChange({ message: event.target.value })} />
        </>
      );
    case 'clearAlert':
      return null;
    case 'notify':
      return <TextField label={t('fields.message')} value={action.message} maxLength={1000} onChange={(event) => onChange({ message: event.target.value })} />;
  }
}

/** A list of items of one kind (triggers, conditions or actions): each with its type, its fields and a remove button. */
function ItemList<T extends { type: string }>({
  kind,
  items,
  labels,
  defaults,
  onChange,
  render,
}: {
  /** The kind of the items: their words are `items.<kind>.*`. */
  kind: 'trigger' | 'condition' | 'action';
  items: T[];
  labels: Record<string, string>;
  defaults: Record<string, T>;
  onChange: (items: T[]) => void;
  render: (item: T, patch: (p: object) => void) => React.ReactNode;
}) {
  const { t } = useTranslation('routines');
  const [adding, setAdding] = useState(Object.keys(labels)[0]!);
  const replace = (index: number, item: T) => onChange(items.map((current, i) => (i === index ? item : current)));
  return (
    <fieldset className="routine-builder__group">
      <legend>{t(`items.${kind}.title`)}</legend>
      {items.length === 0 ? <p className="muted">{t('items.none')}</p> : null}
      <ol className="routine-builder__items">
        {items.map((item, index) => (
          <li key={index} className="routine-builder__item">
            <fieldset className="routine-builder__item-group">
              <legend className="routine-builder__item-title">{t(`items.${kind}.heading`, { number: index + 1, label: labels[item.type] })}</legend>
              <div className="routine-builder__fields">{render(item, (p) => replace(index, { ...item, ...p }))}</div>
              <button type="button" className="button button--small button--danger" onClick={() => onChange(items.filter((_, i) => i !== index))}>
                {t(`items.${kind}.remove`, { number: index + 1 })}
              </button>
            </fieldset>
          </li>
        ))}
      </ol>
      <div className="routine-builder__add">
        <SelectField label={t(`items.${kind}.new`)} value={adding} options={options(labels)} onChange={(event) => setAdding(event.target.value)} />
        <button type="button" className="button button--small" onClick={() => onChange([...items, { ...defaults[adding]! }])}>
          {t(`items.${kind}.add`)}
        </button>
      </div>
    </fieldset>
  );
}

/** The routine builder: triggers, conditions (all or any) and actions, with property pickers showing current values; test, dry-run and save. */
export function RoutineBuilder({ vesselId, canSeeDevices, onDone }: { vesselId: number; canSeeDevices: boolean; onDone: () => void }) {
  const { t } = useTranslation('routines');
  const queryClient = useQueryClient();
  const devices = useQuery({ ...deviceQueries.list(vesselId), enabled: canSeeDevices });
  const choices: Choice[] = (devices.data ?? []).flatMap((device) => device.properties.map((property) => ({ device, property })));
  const writable = choices.filter((c) => c.property.writable);
  const [routine, setRoutine] = useState<RoutineInput>({ name: '', matchAll: true, mode: 'single', triggers: [], conditions: [], actions: [] });
  const [error, setError] = useState<string | null>(null);
  const [tested, setTested] = useState<ConditionsTest | null>(null);
  const [dryRun, setDryRun] = useState<DryRun | null>(null);
  const set = (patch: Partial<RoutineInput>) => setRoutine((current) => ({ ...current, ...patch }));
  const failed = (what: string) => (err: unknown) => {
    if (isApiError(err) && (err.status === 400 || err.status === 403)) setError(err.serverMessage ?? t('builder.check'));
    else reportActionFailure(what, err);
  };

  const save = useMutation({
    mutationFn: () => routineActions.create(vesselId, routine),
    onSuccess: () => {
      toast.success(t('builder.created'));
      void queryClient.invalidateQueries({ queryKey: routineKeys.list(vesselId) });
      onDone();
    },
    onError: failed(t('builder.saving')),
  });
  const test = useMutation({
    mutationFn: () => routineActions.testConditions(vesselId, routine.conditions, routine.matchAll),
    onSuccess: (result) => (setError(null), setTested(result)),
    onError: failed(t('builder.testing')),
  });
  const replay = useMutation({
    mutationFn: () => routineActions.dryRun(vesselId, routine, new Date(Date.now() - 86_400_000).toISOString(), new Date().toISOString()),
    onSuccess: (result) => (setError(null), setDryRun(result)),
    onError: failed(t('builder.dryRun')),
  });

  return (
    <form
      className="card routine-builder"
      aria-label={t('tab.new')}
      onSubmit={(event) => {
        event.preventDefault();
        setError(null);
        save.mutate();
      }}
    >
      <h3>{t('tab.new')}</h3>
      <div className="routine-builder__fields">
        <TextField label={t('builder.name')} value={routine.name} maxLength={120} required onChange={(event) => set({ name: event.target.value })} />
        <SelectField
          label={t('builder.mode')}
          value={routine.mode}
          options={ROUTINE_MODES.map((value) => ({
            value,
            label: t(`modes.${value}`),
          }))}
          onChange={(event) => set({ mode: event.target.value as RoutineInput['mode'] })}
        />
      </div>
      <ItemList
        kind="trigger"
        items={routine.triggers}
        labels={TRIGGER_LABELS}
        defaults={TRIGGER_DEFAULTS}
        onChange={(triggers) => set({ triggers })}
        render={(item, patch) => <TriggerFields trigger={item} choices={choices} onChange={patch} />}
      />
      <ItemList
        kind="condition"
        items={routine.conditions}
        labels={CONDITION_LABELS}
        defaults={CONDITION_DEFAULTS}
        onChange={(conditions) => set({ conditions })}
        render={(c, patch) => <ConditionFields condition={c} choices={choices} onChange={patch} />}
      />
      <SelectField
        label={t('builder.conditionsMust')}
        value={String(routine.matchAll)}
        options={options({ true: t('builder.allHold'), false: t('builder.anyHolds') })}
        onChange={(event) => set({ matchAll: event.target.value === 'true' })}
      />
      <ItemList
        kind="action"
        items={routine.actions}
        labels={ACTION_LABELS}
        defaults={ACTION_DEFAULTS}
        onChange={(actions) => set({ actions })}
        render={(a, patch) => <ActionFields action={a} writable={writable} onChange={patch} />}
      />
      {error ? (
        <p className="form-error" role="alert">
          {error}
        </p>
      ) : null}
      {tested ? (
        <div className="routine-tested" role="status">
          <p>
            <strong>{tested.holds ? t('builder.nowHold') : t('builder.nowNotHold')}</strong>
          </p>
          <ul>
            {tested.conditions.map((c) => (
              <li key={c.index}>
                {c.holds ? '✓' : '✗'} {c.reason}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {dryRun ? <DryRunResult result={dryRun} /> : null}
      <div className="button-row">
        <button type="button" className="button" onClick={onDone}>
          {t('builder.cancel')}
        </button>
        <button type="button" className="button" disabled={test.isPending || routine.conditions.length === 0} onClick={() => test.mutate()}>
          {t('builder.test')}
        </button>
        <button type="button" className="button" disabled={replay.isPending || !canSeeDevices} onClick={() => replay.mutate()}>
          {t('builder.replay')}
        </button>
        <button type="submit" className="button button--primary" disabled={save.isPending}>
          {save.isPending ? t('builder.savingNow') : t('builder.save')}
        </button>
      </div>
    </form>
  );
}
