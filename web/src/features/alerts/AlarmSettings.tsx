/**
 * The vessel's alarm settings, on its Settings tab (docs/product.md, "Alarms"): your own "Notify
 * me" switch (any member), the vessel's mode and no-data time, what each mode suppresses, and the
 * escalation ladder (alertManager VIEW to see them, MANAGE to change them).
 */
import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import {
  ESCALATION_ROLES,
  type AlarmSettings as Settings,
  type EscalationChannel,
  type EscalationRole,
  type EscalationStep,
  type EscalationTarget,
  VESSEL_MODE_LABELS,
  VESSEL_MODES,
  type VesselMode,
} from '../../../../contracts/alarm-settings';
import { toast } from '../../app/services';
import { reportActionFailure } from '../../app/failures';
import { memberQueries } from '../members/queries';
import { useFormatters } from '../profile/usePreferences';
import { isCompany, memberName } from '../members/types';
import { vesselKeys } from '../vessels/queries';
import { atLeast, type PermissionSet } from '../vessels/types';
import { alarmSettingsActions, alarmSettingsQueries } from './alarmSettingsQueries';
import './alarm-settings.css';

const ROLE_LABELS: Record<EscalationRole, string> = { owner: 'The owner', members: 'Members who receive notifications', 'alert-managers': 'Alert managers' };

function Loading({ what }: { what: string }) {
  return (
    <p className="inline-loading" role="status">
      <span className="spinner spinner--small" aria-hidden="true" /> Loading {what}…
    </p>
  );
}

function Failed({ what, retry }: { what: string; retry: () => void }) {
  return (
    <div role="alert">
      <p className="form-error">{what} could not be loaded.</p>
      <button type="button" className="button" onClick={retry}>
        Try again
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
  const own = useQuery(alarmSettingsQueries.own(vesselId));
  const change = useMutation({
    mutationFn: (enabled: boolean) => alarmSettingsActions.setOwn(vesselId, enabled),
    onSuccess: (data) => {
      queryClient.setQueryData(alarmSettingsQueries.own(vesselId).queryKey, data);
      toast.success(data.enabled ? 'You will be notified of this vessel’s alarms' : 'You will no longer be notified of this vessel’s alarms');
    },
    onError: (error) => reportActionFailure('Changing your notifications', error),
  });
  const enabled = own.data?.enabled;
  return (
    <section className="card" aria-labelledby="notify-me-title">
      <h2 id="notify-me-title">Notify me</h2>
      <p>Alarms of this vessel by e-mail (and on your phone once the app is installed). The app always shows them.</p>
      {own.isPending ? <Loading what="your setting" /> : null}
      {own.isError ? <Failed what="Your setting" retry={() => void own.refetch()} /> : null}
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
            <span id="notify-me-label">{enabled ? 'On: you are notified' : 'Off: you muted this vessel'}</span>
          </div>
          {!own.data.receiveNotifications ? (
            <p className="field__hint">Your permissions on this vessel do not include notifications; only its escalation ladder can reach you.</p>
          ) : null}
          <p className="field__hint">
            Least priority per channel and quiet hours: <Link to="/dashboard/profile/notifications">Profile › Notifications</Link>.
          </p>
        </>
      ) : null}
    </section>
  );
}

function ModeCard({ vesselId, canManage }: { vesselId: number; canManage: boolean }) {
  const queryClient = useQueryClient();
  const settings = useQuery(alarmSettingsQueries.settings(vesselId));
  const save = useMutation({
    mutationFn: (change: Partial<Settings>) => alarmSettingsActions.save(vesselId, change),
    onSuccess: (data) => {
      queryClient.setQueryData(alarmSettingsQueries.settings(vesselId).queryKey, data);
      toast.success('Alarm settings saved');
    },
    onError: (error) => reportActionFailure('Saving the alarm settings', error),
  });
  return (
    <section className="card" aria-labelledby="vessel-mode-title">
      <h2 id="vessel-mode-title">Vessel mode</h2>
      <p>The mode decides which alarms are kept from people (see the table below): a surveyor’s bilge test need not wake the owner.</p>
      {settings.isPending ? <Loading what="the mode" /> : null}
      {settings.isError ? <Failed what="The alarm settings" retry={() => void settings.refetch()} /> : null}
      {settings.data ? (
        <>
          <div className="field">
            <label htmlFor="vessel-mode" className="field__label">
              Current mode
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
                  {VESSEL_MODE_LABELS[mode]}
                </option>
              ))}
            </select>
          </div>
          <MinutesForm
            id="no-data-minutes"
            label="No-data alarm after (minutes)"
            hint="An alarm when the bridge, connected, sends nothing for this long (5 to 1440)."
            min={5}
            value={settings.data.noDataMinutes}
            canManage={canManage}
            saving={save.isPending}
            onSave={(noDataMinutes, saved) => save.mutate({ noDataMinutes }, { onSuccess: saved })}
          />
          <MinutesForm
            id="offline-minutes"
            label="Offline notice after (minutes)"
            hint="One notice when the bridge has been disconnected this long, and one when it is back (1 to 1440); shorter drops, however many, send nothing."
            min={1}
            value={settings.data.offlineMinutes}
            canManage={canManage}
            saving={save.isPending}
            onSave={(offlineMinutes, saved) => save.mutate({ offlineMinutes }, { onSuccess: saved })}
          />
          {!canManage ? <p className="field__hint">Changing these needs alert management rights.</p> : null}
        </>
      ) : null}
    </section>
  );
}

interface MinutesFormProps {
  id: string;
  label: string;
  hint: string;
  min: number;
  value: number;
  canManage: boolean;
  saving: boolean;
  /** Saves; `saved` is called once it is, and what was typed gives way to the saved value. */
  onSave: (minutes: number, saved: () => void) => void;
}

/** A number of minutes (min to 1440) with its own Save button: what is typed stays until it is saved. */
function MinutesForm({ id, label, hint, min, value, canManage, saving, onSave }: MinutesFormProps) {
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
          {valid ? hint : `Between ${min} and 1440 minutes.`}
        </p>
      </div>
      {canManage ? (
        <button type="submit" className="button" aria-label={`Save ${label.toLowerCase()}`} disabled={!valid || minutes === null || saving}>
          Save
        </button>
      ) : null}
    </form>
  );
}

function ShelvedCard({ vesselId, canManage }: { vesselId: number; canManage: boolean }) {
  const queryClient = useQueryClient();
  const shelved = useQuery(alarmSettingsQueries.shelved(vesselId));
  const format = useFormatters();
  const unshelve = useMutation({
    mutationFn: (alertId: number) => alarmSettingsActions.unshelve(vesselId, alertId),
    onSuccess: () => {
      toast.success('Alarm back in service');
      void queryClient.invalidateQueries({ queryKey: vesselKeys.section(vesselId, 'alerts/shelved') });
      void queryClient.invalidateQueries({ queryKey: vesselKeys.section(vesselId, 'alerts') });
    },
    onError: (error) => reportActionFailure('Putting the alarm back in service', error),
  });
  return (
    <section className="card" aria-labelledby="shelved-title">
      <h2 id="shelved-title">Shelved alarms</h2>
      <p>Alarms taken out of service for a while (from the Alerts tab): shown, but nobody is told until they come back.</p>
      {shelved.isPending ? <Loading what="shelved alarms" /> : null}
      {shelved.isError ? <Failed what="The shelved alarms" retry={() => void shelved.refetch()} /> : null}
      {shelved.data?.length === 0 ? <p className="muted">No alarm is shelved.</p> : null}
      {shelved.data?.length ? (
        <ul className="shelved-list">
          {shelved.data.map((shelf) => (
            <li key={`${shelf.origin}:${shelf.path}`}>
              <code>{shelf.path}</code>
              <p>
                {shelf.reason} · back {format.dateTime(shelf.until)}
              </p>
              {canManage && shelf.alertId !== null ? (
                <button
                  type="button"
                  className="button"
                  disabled={unshelve.isPending}
                  aria-label={`Put ${shelf.path} back in service now`}
                  onClick={() => unshelve.mutate(shelf.alertId!)}
                >
                  Back in service now
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
      toast.success('Suppressions saved');
    },
    onError: (error) => reportActionFailure('Saving the suppressions', error),
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
      <h2 id="suppressions-title">Alarms suppressed per mode</h2>
      <p>
        A ticked alarm source is recorded and shown but nobody is notified while the vessel is in that mode. A source is a path or its start (
        <code>environment.inside.bilge</code>) or <code>no-data</code>, <code>geofence</code>.
      </p>
      {settings.isPending ? <Loading what="the suppressions" /> : null}
      {settings.isError ? <Failed what="The suppressions" retry={() => void settings.refetch()} /> : null}
      {current ? (
        <>
          {sources.length === 0 ? (
            <p className="muted">No alarm is suppressed in any mode.</p>
          ) : (
            <div className="table-scroll">
              <table className="table">
                <caption className="visually-hidden">Alarm sources and the modes that suppress them</caption>
                <thead>
                  <tr>
                    <th scope="col">Source</th>
                    {VESSEL_MODES.map((mode) => (
                      <th key={mode} scope="col">
                        {VESSEL_MODE_LABELS[mode]}
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
                            aria-label={`Suppress ${source} ${VESSEL_MODE_LABELS[mode].toLowerCase()}`}
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
                    Add an alarm source
                  </label>
                  <input
                    className="input"
                    id="new-source"
                    value={newSource}
                    placeholder="environment.inside.bilge"
                    onChange={(event) => setNewSource(event.target.value)}
                  />
                </div>
                <button type="submit" className="button" disabled={!sourceValid}>
                  Add
                </button>
              </form>
              <div className="button-row">
                <button type="button" className="button button--primary" disabled={!draft || save.isPending} onClick={() => draft && save.mutate(draft)}>
                  Save suppressions
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
  const ladder = useQuery(alarmSettingsQueries.escalation(vesselId));
  const directory = useQuery({ ...memberQueries.directory(vesselId), enabled: canListPeople });
  const [draft, setDraft] = useState<EscalationStep[] | null>(null);
  const save = useMutation({
    mutationFn: (steps: EscalationStep[]) => alarmSettingsActions.saveEscalation(vesselId, steps),
    onSuccess: (data) => {
      queryClient.setQueryData(alarmSettingsQueries.escalation(vesselId).queryKey, data.steps);
      void queryClient.invalidateQueries({ queryKey: vesselKeys.section(vesselId, 'escalation') });
      setDraft(null);
      toast.success('Escalation ladder saved');
    },
    onError: (error) => reportActionFailure('Saving the escalation ladder', error),
  });
  const steps = draft ?? ladder.data ?? null;
  const inOrder = (steps ?? []).every((s, i, all) => i === 0 || s.afterMinutes >= all[i - 1].afterMinutes);
  const options = [
    ...ESCALATION_ROLES.map((role) => ({ key: `role:${role}`, label: ROLE_LABELS[role] })),
    ...(directory.data ?? [])
      .filter((m) => !m.pending)
      .map((m) => (isCompany(m) ? { key: `company:${m.companyId}`, label: `${memberName(m)} (company)` } : { key: `user:${m.userId}`, label: memberName(m) })),
  ];
  const labelOf = (t: EscalationTarget) =>
    options.find((o) => o.key === targetKey(t))?.label ?? (t.kind === 'user' ? `User ${t.userId}` : `Company ${t.kind === 'company' ? t.companyId : ''}`);
  const update = (index: number, step: EscalationStep) => steps && setDraft(steps.map((s, i) => (i === index ? step : s)));

  return (
    <section className="card alarm-settings__wide" aria-labelledby="ladder-title">
      <h2 id="ladder-title">Escalation ladder</h2>
      <p>
        Who is told of an alarm nobody has acknowledged, when, and how. One acknowledgement stops it for everyone. Without steps, everyone who receives
        notifications is told at once. A text or a call reaches only people who verified their phone number; a reply of ACK or the key 1 acknowledges.
      </p>
      {ladder.isPending ? <Loading what="the ladder" /> : null}
      {ladder.isError ? <Failed what="The escalation ladder" retry={() => void ladder.refetch()} /> : null}
      {steps ? (
        <>
          {steps.length === 0 ? <p className="muted">No steps: everyone is told at once.</p> : null}
          <ol className="ladder">
            {steps.map((step, index) => (
              <li key={index} className="ladder__step">
                <div className="field">
                  <label htmlFor={`step-${index}-after`} className="field__label">
                    Step {index + 1}: minutes after the alarm
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
                    Step {index + 1}: who
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
                    Step {index + 1}: how
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
                    <option value="usual">E-mail and push</option>
                    <option value="sms">Text message (SMS)</option>
                    <option value="voice">Voice call</option>
                  </select>
                </div>
                {canManage ? (
                  <button
                    type="button"
                    className="button ladder__remove"
                    aria-label={`Remove step ${index + 1} (${labelOf(step.target)})`}
                    onClick={() => setDraft(steps.filter((_, i) => i !== index))}
                  >
                    Remove
                  </button>
                ) : null}
              </li>
            ))}
          </ol>
          {!inOrder ? (
            <p className="field__error" role="alert">
              Each step must come at or after the one before it.
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
                Add a step
              </button>
              <button
                type="button"
                className="button button--primary"
                disabled={!draft || !inOrder || save.isPending}
                onClick={() => draft && save.mutate(draft)}
              >
                Save the ladder
              </button>
            </div>
          ) : (
            <p className="field__hint">Changing the ladder needs alert management rights.</p>
          )}
        </>
      ) : null}
    </section>
  );
}
