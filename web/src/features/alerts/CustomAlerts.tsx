import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Trans, useTranslation } from 'react-i18next';
import { i18n, labelsOf } from '../../i18n';
import { toast } from '../../app/services';
import { reportActionFailure } from '../../app/failures';
import { isApiError } from '../../lib/api';
import { displayUnit, fromSi, toSi, type UnitSystem } from '../../lib/units';
import { deviceQueries } from '../devices/queries';
import type { Device, Property } from '../devices/types';
import { SelectField, TextField } from '../forms/Field';
import { DelayedSpinner } from '../loading/DelayedSpinner';
import { ConfirmModal } from '../modal/ConfirmModal';
import { useFormatters } from '../profile/usePreferences';
import { vesselKeys } from '../vessels/queries';
import { PriorityBadge } from './PriorityBadge';
import { alertActions, alertQueries } from './queries';
import { ALERT_PRIORITIES, COMPARISONS, PRIORITY_LABELS, type AlertPriority, type Comparison, type CustomAlert, type CustomAlertInput } from './types';
import { HIDDEN } from '../../i18n/hidden';

const COMPARISON_WORDS: Record<Comparison, string> = labelsOf(COMPARISONS, (comparison) => i18n.t(`alerts:custom.comparisons.${comparison}`));

interface PropertyChoice {
  device: Device;
  property: Property;
}

/** Properties a rule can watch: those with numbers (a switch's 0/1 counts). */
const choicesOf = (devices: Device[] | undefined): PropertyChoice[] =>
  (devices ?? []).flatMap((device) =>
    device.properties
      .filter((property) => typeof property.value === 'number' || typeof property.value === 'boolean' || property.value === null)
      .map((property) => ({ device, property })),
  );

type Draft = { propertyId: string; comparison: Comparison; threshold: string; durationMinutes: string; priority: AlertPriority; message: string };
type DraftErrors = Partial<Record<keyof Draft, string>>;

const EMPTY: Draft = { propertyId: '', comparison: '>', threshold: '', durationMinutes: '0', priority: 'warning', message: '' };

function draftOf(rule: CustomAlert, choice: PropertyChoice | undefined, unitSystem: UnitSystem): Draft {
  const property = choice?.property;
  return {
    propertyId: String(rule.propertyId),
    comparison: rule.comparison,
    threshold: String(property ? fromSi(rule.threshold, property.units, unitSystem, property.path) : rule.threshold),
    durationMinutes: String(rule.durationSeconds / 60),
    priority: rule.priority,
    message: rule.message,
  };
}

/** The rule form: which property, how it compares with a threshold (in the user's units), for how long, how urgent, what to say. */
function RuleForm({ vesselId, choices, rule, onDone }: { vesselId: number; choices: PropertyChoice[]; rule: CustomAlert | null; onDone: () => void }) {
  const queryClient = useQueryClient();
  const { t } = useTranslation('alerts');
  const { unitSystem } = useFormatters();
  const [draft, setDraft] = useState<Draft>(() =>
    rule
      ? draftOf(
          rule,
          choices.find((c) => c.property.id === rule.propertyId),
          unitSystem,
        )
      : EMPTY,
  );
  const [errors, setErrors] = useState<DraftErrors>({});
  const chosen = choices.find((choice) => String(choice.property.id) === draft.propertyId);
  const unit = chosen ? displayUnit(chosen.property.units, unitSystem, chosen.property.path).unit : '';
  const set = (field: keyof Draft, value: string) => {
    setDraft((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const save = useMutation({
    mutationFn: (input: CustomAlertInput) => (rule ? alertActions.replaceCustom(vesselId, rule.id, input) : alertActions.createCustom(vesselId, input)),
    onSuccess: () => {
      toast.success(rule ? t('custom.saved') : t('custom.added'));
      void queryClient.invalidateQueries({ queryKey: vesselKeys.section(vesselId, 'customAlerts') });
      onDone();
    },
    onError: (error) => {
      const message = isApiError(error) && error.status === 400 ? (error.serverMessage ?? '') : '';
      if (/propertyId/.test(message)) setErrors({ propertyId: message.replace(/"/g, '') });
      else if (/threshold/.test(message)) setErrors({ threshold: message.replace(/"/g, '') });
      else if (/durationSeconds/.test(message)) setErrors({ durationMinutes: t('custom.durationMax') });
      else if (/message/.test(message)) setErrors({ message: message.replace(/"/g, '') });
      else reportActionFailure(t('custom.saving'), error);
    },
  });

  const submit = () => {
    const found: DraftErrors = {};
    if (!chosen) found.propertyId = t('custom.chooseProperty');
    const threshold = Number(draft.threshold.replace(',', '.'));
    if (draft.threshold.trim() === '' || !Number.isFinite(threshold)) found.threshold = t('custom.enterNumber');
    const minutes = Number(draft.durationMinutes || '0');
    if (!Number.isFinite(minutes) || minutes < 0 || minutes > 1440) found.durationMinutes = t('custom.durationRange');
    if (draft.message.length > 1000) found.message = t('custom.messageMax');
    setErrors(found);
    if (Object.keys(found).length > 0 || !chosen) return;
    save.mutate({
      propertyId: chosen.property.id,
      comparison: draft.comparison,
      threshold: toSi(threshold, chosen.property.units, unitSystem, chosen.property.path),
      durationSeconds: Math.round(minutes * 60),
      priority: draft.priority,
      ...(draft.message.trim() ? { message: draft.message.trim() } : {}),
    });
  };

  return (
    <form
      className="card"
      aria-label={rule ? t('custom.edit') : t('custom.new')}
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <h3>{rule ? t('custom.edit') : t('custom.new')}</h3>
      <div className="custom-alert-form">
        <SelectField
          label={t('custom.property')}
          value={draft.propertyId}
          placeholder={t('custom.chooseProperty')}
          error={errors.propertyId}
          options={choices.map(({ device, property }) => ({
            value: String(property.id),
            label: t('custom.propertyOption', { device: device.name, property: property.displayName }),
          }))}
          onChange={(event) => set('propertyId', event.target.value)}
        />
        <SelectField
          label={t('custom.when')}
          value={draft.comparison}
          options={COMPARISONS.map((value) => ({ value, label: COMPARISON_WORDS[value] }))}
          onChange={(event) => set('comparison', event.target.value)}
        />
        <TextField
          label={unit ? t('custom.thresholdUnit', { unit }) : t('custom.threshold')}
          type="number"
          inputMode="decimal"
          step="any"
          value={draft.threshold}
          error={errors.threshold}
          onChange={(event) => set('threshold', event.target.value)}
        />
        <TextField
          label={t('custom.forAtLeast')}
          type="number"
          min={0}
          max={1440}
          step="any"
          value={draft.durationMinutes}
          error={errors.durationMinutes}
          onChange={(event) => set('durationMinutes', event.target.value)}
        />
        <SelectField
          label={t('custom.priority')}
          value={draft.priority}
          options={ALERT_PRIORITIES.map((value) => ({ value, label: PRIORITY_LABELS[value] }))}
          onChange={(event) => set('priority', event.target.value)}
        />
        <TextField
          label={t('custom.message')}
          hint={t('custom.messageHint')}
          value={draft.message}
          maxLength={1000}
          error={errors.message}
          onChange={(event) => set('message', event.target.value)}
        />
      </div>
      <div className="button-row">
        <button type="button" className="button" onClick={onDone}>
          {t('custom.cancel')}
        </button>
        <button type="submit" className="button button--primary" disabled={save.isPending}>
          {save.isPending ? t('custom.savingButton') : t('custom.save')}
        </button>
      </div>
    </form>
  );
}

/** The vessel's custom alerts (vessel/{id}/customAlerts): list, add, edit, pause, delete. */
export function CustomAlerts({ vesselId, canManage, canSeeDevices = true }: { vesselId: number; canManage: boolean; canSeeDevices?: boolean }) {
  const queryClient = useQueryClient();
  const format = useFormatters();
  const { t } = useTranslation('alerts');
  const rules = useQuery(alertQueries.customAlerts(vesselId));
  const devices = useQuery({ ...deviceQueries.list(vesselId), enabled: canSeeDevices });
  const [editing, setEditing] = useState<CustomAlert | 'new' | null>(null);
  const [deleting, setDeleting] = useState<CustomAlert | null>(null);
  const choices = choicesOf(devices.data);
  const nameOf = (rule: CustomAlert) => {
    const choice = choices.find((candidate) => candidate.property.id === rule.propertyId);
    return choice ? t('custom.propertyOption', { device: choice.device.name, property: choice.property.displayName }) : rule.path;
  };
  const refresh = () => queryClient.invalidateQueries({ queryKey: vesselKeys.section(vesselId, 'customAlerts') });

  const pause = useMutation({
    mutationFn: ({ rule, paused }: { rule: CustomAlert; paused: boolean }) => alertActions.pauseCustom(vesselId, rule.id, paused),
    onSuccess: (rule) => {
      toast.success(rule.paused ? t('custom.paused') : t('custom.resumed'));
      return refresh();
    },
    onError: (error) => reportActionFailure(t('custom.pausing'), error),
  });
  const remove = useMutation({
    mutationFn: (rule: CustomAlert) => alertActions.deleteCustom(vesselId, rule.id),
    onSuccess: () => {
      toast.success(t('custom.deleted'));
      setDeleting(null);
      return refresh();
    },
    onError: (error) => reportActionFailure(t('custom.deleting'), error),
  });

  const threshold = (rule: CustomAlert) => {
    const choice = choices.find((candidate) => candidate.property.id === rule.propertyId);
    return choice ? format.value(rule.threshold, choice.property.units, choice.property.path) : String(rule.threshold);
  };

  return (
    <section aria-labelledby="custom-alerts-title" className="alerts__section">
      <header className="section-header">
        <h2 id="custom-alerts-title">{t('custom.title')}</h2>
        {canManage && editing === null ? (
          <button type="button" className="button button--primary" onClick={() => setEditing('new')} disabled={choices.length === 0}>
            {t('custom.add')}
          </button>
        ) : null}
      </header>
      <p className="muted">{t('custom.intro')}</p>
      <DelayedSpinner loading={rules.isPending} label={t('custom.loading')} />
      {rules.isError ? (
        <p className="form-error" role="alert">
          {t('custom.loadFailed')}{' '}
          <button type="button" className="link-button" onClick={() => void rules.refetch()}>
            {t('custom.tryAgain')}
          </button>
        </p>
      ) : null}
      {editing !== null ? <RuleForm vesselId={vesselId} choices={choices} rule={editing === 'new' ? null : editing} onDone={() => setEditing(null)} /> : null}
      {rules.isSuccess && rules.data.length === 0 ? <p className="empty-state">{t('custom.none')}</p> : null}
      <ul className="alert-list" aria-label={t('custom.list')}>
        {(rules.data ?? []).map((rule) => (
          <li key={rule.id} className={`alert-item alert-item--priority-${rule.priority}${rule.paused ? ' is-cleared' : ''}`}>
            <PriorityBadge priority={rule.priority} />
            <div className="alert-item__body">
              <p className="alert-item__message">{rule.message}</p>
              <p className="muted">
                {rule.durationSeconds > 0
                  ? t('custom.ruleFor', {
                      property: nameOf(rule),
                      comparison: COMPARISON_WORDS[rule.comparison],
                      threshold: threshold(rule),
                      minutes: Math.round(rule.durationSeconds / 60),
                    })
                  : t('custom.rule', { property: nameOf(rule), comparison: COMPARISON_WORDS[rule.comparison], threshold: threshold(rule) })}
                {rule.paused ? ` · ${t('custom.isPaused')}` : ''}
              </p>
            </div>
            {canManage ? (
              <div className="alert-item__actions">
                <label className="switch">
                  <input
                    type="checkbox"
                    role="switch"
                    checked={!rule.paused}
                    disabled={pause.isPending}
                    onChange={(event) => pause.mutate({ rule, paused: !event.target.checked })}
                  />
                  <span>{rule.paused ? t('custom.switchPaused') : t('custom.switchOn')}</span>
                  <span className="visually-hidden"> ({rule.message})</span>
                </label>
                <button type="button" className="button button--small" onClick={() => setEditing(rule)}>
                  <Trans t={t} i18nKey="custom.editRule" values={{ name: rule.message }} components={HIDDEN} shouldUnescape />
                </button>
                <button type="button" className="button button--small button--danger" onClick={() => setDeleting(rule)}>
                  <Trans t={t} i18nKey="custom.deleteRule" values={{ name: rule.message }} components={HIDDEN} shouldUnescape />
                </button>
              </div>
            ) : null}
          </li>
        ))}
      </ul>
      {deleting ? (
        <ConfirmModal
          title={t('custom.deleteTitle')}
          confirmLabel={t('custom.delete')}
          pending={remove.isPending}
          onConfirm={() => remove.mutate(deleting)}
          onClose={() => setDeleting(null)}
        >
          <p>{t('custom.deleteText', { message: deleting.message, property: nameOf(deleting) })}</p>
        </ConfirmModal>
      ) : null}
    </section>
  );
}
