/**
 * The vessel's alarm settings, on its Settings tab (docs/product.md, "Alarms"): your own "Notify
 * me" switch (any member), the vessel's mode and no-data time, what each mode suppresses, and the
 * escalation ladder (alertManager VIEW to see them, MANAGE to change them).
 */
import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Trans, useTranslation } from 'react-i18next';
import {
  ESCALATION_ROLES,
  type AlarmSettings as Settings,
  type EscalationChannel,
  type EscalationRole,
  type EscalationStep,
  type EscalationTarget,
  VESSEL_MODES,
  type VesselMode,
} from '../../../../contracts/alarm-settings';
import { i18n, labelsOf } from '../../i18n';
import { toast } from '../../app/services';
import { reportActionFailure } from '../../app/failures';
import { memberQueries } from '../members/queries';
import { useFormatters } from '../profile/usePreferences';
import { isCompany, memberName } from '../members/types';
import { vesselKeys } from '../vessels/queries';
import { atLeast, type PermissionSet } from '../vessels/types';
import { alarmSettingsActions, alarmSettingsQueries } from './alarmSettingsQueries';
import './alarm-settings.css';

const ROLE_LABELS: Record<EscalationRole, string> = labelsOf(ESCALATION_ROLES, (role) => i18n.t(`alerts:settings.roles.${role}`));

/** An alarm source as the form's example (a Signal K path, not words). */
const EXAMPLE_SOURCE = 'environment.inside.bilge';

/** A vessel mode in words, in the current language. */
const MODE_LABELS: Record<VesselMode, string> = labelsOf(VESSEL_MODES, (mode) => i18n.t(`alerts:settings.modes.${mode}`));

function Loading({ text }: { text: string }) {
  return (
    <p className="inline-loading" role="status">
      <span className="spinner spinner--small" aria-hidden="true" /> {text}
    </p>
  );
}

function Failed({ text, retry }: { text: string; retry: () => void }) {
  const { t } = useTranslation('alerts');
  return (
    <div role="alert">
      <p className="form-error">{text}</p>
      <button type="button" className="button" onClick={retry}>
        {t('settings.tryAgain')}
      </button>
    </div>
  );
}

export function AlarmSettings({ vesselId, permissions }: { vesselId: number; permissions: PermissionSet }) {
  const canView = atLeast(permissions.alertManager, 'VIEW');
  const canManage = atLeast(permissions.alertManager, 'MANAGE');
  return (
    <div className="settings-grid alarm-settings">
      <NotifyMe vesselId={vesselId} />
      {canView ? (
        <>
          <ModeCard vesselId={vesselId} canManage={canManage} />
          <ShelvedCard vesselId={vesselId} canManage={canManage} />
          <SuppressionCard vesselId={vesselId} canManage={canManage} />
          <LadderCard vesselId={vesselId} canManage={canManage} canListPeople={atLeast(permissions.userManager, 'VIEW')} />
        </>
      ) : null}
    </div>
  );
}

function NotifyMe({ vesselId }: { vesselId: number }) {
  const queryClient = useQueryClient();
  const { t } = useTranslation('alerts');
  const own = useQuery(alarmSettingsQueries.own(vesselId));
  const change = useMutation({
    mutationFn: (enabled: boolean) => alarmSettingsActions.setOwn(vesselId, enabled),
    onSuccess: (data) => {
      queryClient.setQueryData(alarmSettingsQueries.own(vesselId).queryKey, data);
      toast.success(data.enabled ? t('settings.notify.on') : t('settings.notify.off'));
    },
    onError: (error) => reportActionFailure(t('settings.notify.changing'), error),
  });
  const enabled = own.data?.enabled;
  return (
    <section className="card" aria-labelledby="notify-me-title">
      <h2 id="notify-me-title">{t('settings.notify.title')}</h2>
      <p>{t('settings.notify.intro')}</p>
      {own.isPending ? <Loading text={t('settings.notify.loading')} /> : null}
      {own.isError ? <Failed text={t('settings.notify.loadFailed')} retry={() => void own.refetch()} /> : null}
      {own.data ? (
        <>
          <div className="switch-row">
            <button
              type="button"
              role="switch"
              className={`alarm-switch${enabled ? ' is-on' : ''}`}
              aria-checked={enabled}
              aria-labelledby="notify-me-label"
              disabled={change.isPending}
              onClick={() => change.mutate(!enabled)}
            >
              <span className="alarm-switch__thumb" aria-hidden="true" />
            </button>
            <span id="notify-me-label">{enabled ? t('settings.notify.isOn') : t('settings.notify.isOff')}</span>
          </div>
          {!own.data.receiveNotifications ? <p className="field__hint">{t('settings.notify.noPermission')}</p> : null}
          <p className="field__hint">
            <Trans t={t} i18nKey="settings.notify.profileLink" components={{ profile: <Link to="/dashboard/profile/notifications" /> }} shouldUnescape />
          </p>
        </>
      ) : null}
    </section>
  );
}

function ModeCard({ vesselId, canManage }: { vesselId: number; canManage: boolean }) {
  const queryClient = useQueryClient();
  const { t } = useTranslation('alerts');
  const settings = useQuery(alarmSettingsQueries.settings(vesselId));
  const save = useMutation({
    mutationFn: (change: Partial<Settings>) => alarmSettingsActions.save(vesselId, change),
    onSuccess: (data) => {
      queryClient.setQueryData(alarmSettingsQueries.settings(vesselId).queryKey, data);
      toast.success(t('settings.mode.saved'));
    },
    onError: (error) => reportActionFailure(t('settings.mode.saving'), error),
  });
  return (
    <section className="card" aria-labelledby="vessel-mode-title">
      <h2 id="vessel-mode-title">{t('settings.mode.title')}</h2>
      <p>{t('settings.mode.intro')}</p>
      {settings.isPending ? <Loading text={t('settings.mode.loading')} /> : null}
      {settings.isError ? <Failed text={t('settings.mode.loadFailed')} retry={() => void settings.refetch()} /> : null}
      {settings.data ? (
        <>
          <div className="field">
            <label htmlFor="vessel-mode" className="field__label">
              {t('settings.mode.current')}
            </label>
            <select
              className="input"
              id="vessel-mode"
              value={settings.data.mode}
              disabled={!canManage || save.isPending}
              onChange={(event) => save.mutate({ mode: event.target.value as VesselMode })}
            >
              {VESSEL_MODES.map((mode) => (
                <option key={mode} value={mode}>
                  {MODE_LABELS[mode]}
                </option>
              ))}
            </select>
          </div>
          <MinutesForm
            id="no-data-minutes"
            label={t('settings.mode.noData')}
            saveLabel={t('settings.mode.noDataSave')}
            hint={t('settings.mode.noDataHint')}
            min={5}
            value={settings.data.noDataMinutes}
            canManage={canManage}
            saving={save.isPending}
            onSave={(noDataMinutes, saved) => save.mutate({ noDataMinutes }, { onSuccess: saved })}
          />
          <MinutesForm
            id="offline-minutes"
            label={t('settings.mode.offline')}
            saveLabel={t('settings.mode.offlineSave')}
            hint={t('settings.mode.offlineHint')}
            min={1}
            value={settings.data.offlineMinutes}
            canManage={canManage}
            saving={save.isPending}
            onSave={(offlineMinutes, saved) => save.mutate({ offlineMinutes }, { onSuccess: saved })}
          />
          {!canManage ? <p className="field__hint">{t('settings.mode.needsRights')}</p> : null}
        </>
      ) : null}
    </section>
  );
}

interface MinutesFormProps {
  id: string;
  label: string;
  /** The Save button's name for screen readers (`Save no-data alarm after (minutes)`). */
  saveLabel: string;
  hint: string;
  min: number;
  value: number;
  canManage: boolean;
  saving: boolean;
  /** Saves; `saved` is called once it is, and what was typed gives way to the saved value. */
  onSave: (minutes: number, saved: () => void) => void;
}

/** A number of minutes (min to 1440) with its own Save button: what is typed stays until it is saved. */
function MinutesForm({ id, label, saveLabel, hint, min, value, canManage, saving, onSave }: MinutesFormProps) {
  const { t } = useTranslation('alerts');
  const [minutes, setMinutes] = useState<string | null>(null);
  const shown = minutes ?? String(value);
  const valid = /^\d+$/.test(shown) && Number(shown) >= min && Number(shown) <= 1440;
  return (
    <form
      className="inline-form"
      onSubmit={(event) => {
        event.preventDefault();
        if (!valid) return;
        onSave(Number(shown), () => setMinutes(null));
      }}
    >
      <div className="field">
        <label htmlFor={id} className="field__label">
          {label}
        </label>
        <input
          className="input"
          id={id}
          type="number"
          min={min}
          max={1440}
          inputMode="numeric"
          value={shown}
          disabled={!canManage}
          aria-invalid={valid ? undefined : true}
          aria-describedby={`${id}-hint`}
          onChange={(event) => setMinutes(event.target.value)}
        />
        <p id={`${id}-hint`} className="field__hint">
          {valid ? hint : t('settings.mode.between', { min })}
        </p>
      </div>
      {canManage ? (
        <button type="submit" className="button" aria-label={saveLabel} disabled={!valid || minutes === null || saving}>
          {t('settings.mode.save')}
        </button>
      ) : null}
    </form>
  );
}

function ShelvedCard({ vesselId, canManage }: { vesselId: number; canManage: boolean }) {
  const queryClient = useQueryClient();
  const { t } = useTranslation('alerts');
  const shelved = useQuery(alarmSettingsQueries.shelved(vesselId));
  const format = useFormatters();
  const unshelve = useMutation({
    mutationFn: (alertId: number) => alarmSettingsActions.unshelve(vesselId, alertId),
    onSuccess: () => {
      toast.success(t('settings.shelved.done'));
      void queryClient.invalidateQueries({ queryKey: vesselKeys.section(vesselId, 'alerts/shelved') });
      void queryClient.invalidateQueries({ queryKey: vesselKeys.section(vesselId, 'alerts') });
    },
    onError: (error) => reportActionFailure(t('settings.shelved.doing'), error),
  });
  return (
    <section className="card" aria-labelledby="shelved-title">
      <h2 id="shelved-title">{t('settings.shelved.title')}</h2>
      <p>{t('settings.shelved.intro')}</p>
      {shelved.isPending ? <Loading text={t('settings.shelved.loading')} /> : null}
      {shelved.isError ? <Failed text={t('settings.shelved.loadFailed')} retry={() => void shelved.refetch()} /> : null}
      {shelved.data?.length === 0 ? <p className="muted">{t('settings.shelved.none')}</p> : null}
      {shelved.data?.length ? (
        <ul className="shelved-list">
          {shelved.data.map((shelf) => (
            <li key={`${shelf.origin}:${shelf.path}`}>
              <code>{shelf.path}</code>
              <p>
                {shelf.reason} · {t('settings.shelved.back', { time: format.dateTime(shelf.until) })}
              </p>
              {canManage && shelf.alertId !== null ? (
                <button
                  type="button"
                  className="button"
                  disabled={unshelve.isPending}
                  aria-label={t('settings.shelved.backNowLabel', { path: shelf.path })}
                  onClick={() => unshelve.mutate(shelf.alertId!)}
                >
                  {t('settings.shelved.backNow')}
                </button>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

function SuppressionCard({ vesselId, canManage }: { vesselId: number; canManage: boolean }) {
  const queryClient = useQueryClient();
  const { t } = useTranslation('alerts');
  const settings = useQuery(alarmSettingsQueries.settings(vesselId));
  const [draft, setDraft] = useState<Record<VesselMode, string[]> | null>(null);
  const [newSource, setNewSource] = useState('');
  const [extra, setExtra] = useState<string[]>([]);
  const save = useMutation({
    mutationFn: (suppressions: Record<VesselMode, string[]>) => alarmSettingsActions.save(vesselId, { suppressions }),
    onSuccess: (data) => {
      queryClient.setQueryData(alarmSettingsQueries.settings(vesselId).queryKey, data);
      setDraft(null);
      setExtra([]);
      toast.success(t('settings.suppressions.saved'));
    },
    onError: (error) => reportActionFailure(t('settings.suppressions.saving'), error),
  });
  const current = draft ?? settings.data?.suppressions ?? null;
  const sources = current ? [...new Set([...VESSEL_MODES.flatMap((m) => current[m] ?? []), ...extra])].sort() : [];
  const toggle = (mode: VesselMode, source: string, on: boolean) => {
    if (!current) return;
    const list = current[mode] ?? [];
    setDraft({ ...current, [mode]: on ? [...list, source] : list.filter((s) => s !== source) });
  };
  const sourceValid = /^[A-Za-z0-9_.-]+$/.test(newSource.trim());
  return (
    <section className="card alarm-settings__wide" aria-labelledby="suppressions-title">
      <h2 id="suppressions-title">{t('settings.suppressions.title')}</h2>
      <p>
        <Trans t={t} i18nKey="settings.suppressions.intro" components={{ code: <code /> }} shouldUnescape />
      </p>
      {settings.isPending ? <Loading text={t('settings.suppressions.loading')} /> : null}
      {settings.isError ? <Failed text={t('settings.suppressions.loadFailed')} retry={() => void settings.refetch()} /> : null}
      {current ? (
        <>
          {sources.length === 0 ? (
            <p className="muted">{t('settings.suppressions.none')}</p>
          ) : (
            <div className="table-scroll">
              <table className="table">
                <caption className="visually-hidden">{t('settings.suppressions.caption')}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t('settings.suppressions.source')}</th>
                    {VESSEL_MODES.map((mode) => (
                      <th key={mode} scope="col">
                        {MODE_LABELS[mode]}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {sources.map((source) => (
                    <tr key={source}>
                      <th scope="row">
                        <code>{source}</code>
                      </th>
                      {VESSEL_MODES.map((mode) => (
                        <td key={mode}>
                          <input
                            type="checkbox"
                            aria-label={t(`settings.suppressions.suppress.${mode}`, { source })}
                            checked={(current[mode] ?? []).includes(source)}
                            disabled={!canManage}
                            onChange={(event) => toggle(mode, source, event.target.checked)}
                          />
                        </td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          {canManage ? (
            <>
              <form
                className="inline-form"
                onSubmit={(event) => {
                  event.preventDefault();
                  if (!sourceValid) return;
                  setExtra([...extra, newSource.trim()]);
                  setNewSource('');
                }}
              >
                <div className="field">
                  <label htmlFor="new-source" className="field__label">
                    {t('settings.suppressions.addSource')}
                  </label>
                  <input
                    className="input"
                    id="new-source"
                    value={newSource}
                    placeholder={EXAMPLE_SOURCE}
                    onChange={(event) => setNewSource(event.target.value)}
                  />
                </div>
                <button type="submit" className="button" disabled={!sourceValid}>
                  {t('settings.suppressions.add')}
                </button>
              </form>
              <div className="button-row">
                <button type="button" className="button button--primary" disabled={!draft || save.isPending} onClick={() => draft && save.mutate(draft)}>
                  {t('settings.suppressions.save')}
                </button>
              </div>
            </>
          ) : null}
        </>
      ) : null}
    </section>
  );
}

const targetKey = (t: EscalationTarget) => (t.kind === 'role' ? `role:${t.role}` : t.kind === 'user' ? `user:${t.userId}` : `company:${t.companyId}`);
function targetOf(key: string): EscalationTarget {
  const [kind, value] = key.split(':');
  if (kind === 'user') return { kind: 'user', userId: Number(value) };
  if (kind === 'company') return { kind: 'company', companyId: Number(value) };
  return { kind: 'role', role: value as EscalationRole };
}

function LadderCard({ vesselId, canManage, canListPeople }: { vesselId: number; canManage: boolean; canListPeople: boolean }) {
  const queryClient = useQueryClient();
  const { t } = useTranslation('alerts');
  const ladder = useQuery(alarmSettingsQueries.escalation(vesselId));
  const directory = useQuery({ ...memberQueries.directory(vesselId), enabled: canListPeople });
  const [draft, setDraft] = useState<EscalationStep[] | null>(null);
  const save = useMutation({
    mutationFn: (steps: EscalationStep[]) => alarmSettingsActions.saveEscalation(vesselId, steps),
    onSuccess: (data) => {
      queryClient.setQueryData(alarmSettingsQueries.escalation(vesselId).queryKey, data.steps);
      void queryClient.invalidateQueries({ queryKey: vesselKeys.section(vesselId, 'escalation') });
      setDraft(null);
      toast.success(t('settings.ladder.saved'));
    },
    onError: (error) => reportActionFailure(t('settings.ladder.saving'), error),
  });
  const steps = draft ?? ladder.data ?? null;
  const inOrder = (steps ?? []).every((s, i, all) => i === 0 || s.afterMinutes >= all[i - 1].afterMinutes);
  const options = [
    ...ESCALATION_ROLES.map((role) => ({ key: `role:${role}`, label: ROLE_LABELS[role] })),
    ...(directory.data ?? [])
      .filter((m) => !m.pending)
      .map((m) =>
        isCompany(m)
          ? { key: `company:${m.companyId}`, label: t('settings.ladder.company', { name: memberName(m) }) }
          : { key: `user:${m.userId}`, label: memberName(m) },
      ),
  ];
  const labelOf = (target: EscalationTarget) =>
    options.find((o) => o.key === targetKey(target))?.label ??
    (target.kind === 'user'
      ? t('settings.ladder.user', { id: target.userId })
      : t('settings.ladder.companyId', { id: target.kind === 'company' ? target.companyId : '' }));
  const update = (index: number, step: EscalationStep) => steps && setDraft(steps.map((s, i) => (i === index ? step : s)));

  return (
    <section className="card alarm-settings__wide" aria-labelledby="ladder-title">
      <h2 id="ladder-title">{t('settings.ladder.title')}</h2>
      <p>{t('settings.ladder.intro')}</p>
      {ladder.isPending ? <Loading text={t('settings.ladder.loading')} /> : null}
      {ladder.isError ? <Failed text={t('settings.ladder.loadFailed')} retry={() => void ladder.refetch()} /> : null}
      {steps ? (
        <>
          {steps.length === 0 ? <p className="muted">{t('settings.ladder.noSteps')}</p> : null}
          <ol className="ladder">
            {steps.map((step, index) => (
              <li key={index} className="ladder__step">
                <div className="field">
                  <label htmlFor={`step-${index}-after`} className="field__label">
                    {t('settings.ladder.after', { step: index + 1 })}
                  </label>
                  <input
                    className="input"
                    id={`step-${index}-after`}
                    type="number"
                    min={0}
                    max={1440}
                    value={step.afterMinutes}
                    disabled={!canManage}
                    onChange={(event) => update(index, { ...step, afterMinutes: Math.max(0, Number(event.target.value) || 0) })}
                  />
                </div>
                <div className="field">
                  <label htmlFor={`step-${index}-target`} className="field__label">
                    {t('settings.ladder.who', { step: index + 1 })}
                  </label>
                  <select
                    className="input"
                    id={`step-${index}-target`}
                    value={targetKey(step.target)}
                    disabled={!canManage}
                    onChange={(event) => update(index, { ...step, target: targetOf(event.target.value) })}
                  >
                    {options.some((o) => o.key === targetKey(step.target)) ? null : <option value={targetKey(step.target)}>{labelOf(step.target)}</option>}
                    {options.map((o) => (
                      <option key={o.key} value={o.key}>
                        {o.label}
                      </option>
                    ))}
                  </select>
                </div>
                <div className="field">
                  <label htmlFor={`step-${index}-channel`} className="field__label">
                    {t('settings.ladder.how', { step: index + 1 })}
                  </label>
                  <select
                    className="input"
                    id={`step-${index}-channel`}
                    value={step.channel ?? 'usual'}
                    disabled={!canManage}
                    onChange={(event) =>
                      update(index, {
                        afterMinutes: step.afterMinutes,
                        target: step.target,
                        ...(event.target.value === 'usual' ? {} : { channel: event.target.value as EscalationChannel }),
                      })
                    }
                  >
                    <option value="usual">{t('settings.ladder.usual')}</option>
                    <option value="sms">{t('settings.ladder.sms')}</option>
                    <option value="voice">{t('settings.ladder.voice')}</option>
                  </select>
                </div>
                {canManage ? (
                  <button
                    type="button"
                    className="button ladder__remove"
                    aria-label={t('settings.ladder.removeLabel', { step: index + 1, who: labelOf(step.target) })}
                    onClick={() => setDraft(steps.filter((_, i) => i !== index))}
                  >
                    {t('settings.ladder.remove')}
                  </button>
                ) : null}
              </li>
            ))}
          </ol>
          {!inOrder ? (
            <p className="field__error" role="alert">
              {t('settings.ladder.order')}
            </p>
          ) : null}
          {canManage ? (
            <div className="button-row">
              <button
                type="button"
                className="button"
                disabled={steps.length >= 10}
                onClick={() =>
                  setDraft([
                    ...steps,
                    {
                      afterMinutes: steps.length ? steps[steps.length - 1].afterMinutes + 5 : 0,
                      target: { kind: 'role', role: steps.length ? 'members' : 'owner' },
                    },
                  ])
                }
              >
                {t('settings.ladder.addStep')}
              </button>
              <button
                type="button"
                className="button button--primary"
                disabled={!draft || !inOrder || save.isPending}
                onClick={() => draft && save.mutate(draft)}
              >
                {t('settings.ladder.save')}
              </button>
            </div>
          ) : (
            <p className="field__hint">{t('settings.ladder.needsRights')}</p>
          )}
        </>
      ) : null}
    </section>
  );
}
