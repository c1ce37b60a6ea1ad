import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Trans, useTranslation } from 'react-i18next';
import { i18n } from '../../i18n';
import { toast } from '../../app/services';
import { reportActionFailure } from '../../app/failures';
import { SelectField, TextField } from '../forms/Field';
import { ConfirmModal } from '../modal/ConfirmModal';
import { AdminHeader } from './AdminLayout';
import { FormModal } from './FormModal';
import { FilterChips, PagedTable, QueryState, type Column, type SetSearch } from './ListControls';
import { errorFor, formFailure, type FormFailure, fieldBinder } from './fieldErrors';
import { formatDateTime } from './format';
import { pageLocally, type ListSearch } from './listSearch';
import { adminActions, adminKeys, adminQueries } from './queries';
import type { Rollout, RolloutTarget } from './types';
import { HIDDEN } from '../../i18n/hidden';

const STEPS = [10, 25, 50, 100];
/** Target states (docs/api.md "Rollouts") with words of their own (`rollouts.targetStates.<state>`); another shows as the server names it. */
const TARGET_STATES = new Set(['LATER', 'WAITING', 'PENDING', 'DOWNLOADING', 'INSTALLING', 'COMPLETED', 'FAILED', 'SKIPPED']);

const STATUSES = ['running', 'stopped', 'completed'] as const;

const say = (key: string, values?: Record<string, unknown>) => i18n.t(`admin:rollouts.${key}`, values);

function summary(rollout: Rollout): string {
  const c = rollout.counts;
  const parts = [say('result.completed', { completed: c.completed, total: c.total }), say('result.failed', { failed: c.failed })];
  if (c.inProgress) parts.push(say('result.installing', { count: c.inProgress }));
  if (c.waiting) parts.push(say('result.waiting', { count: c.waiting }));
  return parts.join(', ');
}

/** How far the rollout was released: its first stage's share, or every bridge once advanced. */
const released = (rollout: Rollout) => (rollout.stage >= 2 ? say('released.all') : say('released.firstStage', { percent: rollout.percentage }));

/** A rollout's status in words: `rollouts.statuses.<status>`, else as the server names it. */
const statusOf = (status: string) => ((STATUSES as readonly string[]).includes(status) ? say(`statuses.${status}`) : status);

export function RolloutsPage({ search, setSearch }: { search: ListSearch; setSearch: SetSearch }) {
  const { t } = useTranslation('admin');
  const chips = STATUSES.map((value) => ({ value, label: t(`rollouts.filters.${value}`) }));
  const rollouts = useQuery(adminQueries.rollouts());
  const selected = search.open ?? null;
  const setSelected = (id: number | null) => setSearch({ open: id ?? undefined });
  const [starting, setStarting] = useState(false);
  const page = {
    ...rollouts,
    data: rollouts.data
      ? pageLocally(rollouts.data, search, {
          text: (r) => r.version,
          sortBy: { version: (r) => r.version, status: (r) => r.status, progress: (r) => r.progress, createdAt: (r) => r.createdAt },
          filter: (r, filter) => r.status === filter,
          defaultSort: 'createdAt,desc',
        })
      : undefined,
  };
  const columns: Column<Rollout>[] = [
    { key: 'version', label: t('rollouts.columns.version'), sortable: true, render: (r) => r.version },
    {
      key: 'status',
      label: t('rollouts.columns.status'),
      sortable: true,
      render: (r) => (
        <span className={`chip${r.status === 'stopped' ? ' chip--warning' : r.status === 'completed' ? ' chip--neutral' : ''}`}>{statusOf(r.status)}</span>
      ),
    },
    { key: 'released', label: t('rollouts.columns.released'), render: released },
    {
      key: 'progress',
      label: t('rollouts.columns.progress'),
      sortable: true,
      render: (r) => (
        <progress className="admin-progress" max={100} value={r.progress} aria-label={t('rollouts.progressOf', { version: r.version, progress: r.progress })} />
      ),
    },
    { key: 'result', label: t('rollouts.columns.result'), render: summary },
    { key: 'createdAt', label: t('rollouts.columns.started'), sortable: true, render: (r) => formatDateTime(r.createdAt) },
    {
      key: 'actions',
      label: t('rollouts.columns.actions'),
      render: (r) => (
        <button type="button" className="button button--small" aria-expanded={selected === r.id} onClick={() => setSelected(selected === r.id ? null : r.id)}>
          <Trans t={t} i18nKey={selected === r.id ? 'rollouts.close' : 'rollouts.watch'} values={{ version: r.version }} components={HIDDEN} shouldUnescape />
        </button>
      ),
    },
  ];
  return (
    <>
      <AdminHeader title={t('rollouts.title')}>
        <button type="button" className="button button--primary" onClick={() => setStarting(true)}>
          {t('rollouts.start')}
        </button>
      </AdminHeader>
      <p className="muted">{t('rollouts.intro')}</p>
      <div className="admin-toolbar">
        <FilterChips chips={chips} search={search} setSearch={setSearch} label={t('rollouts.show')} />
      </div>
      <PagedTable
        what={t('rollouts.what')}
        query={page}
        columns={columns}
        rowKey={(r) => r.id}
        search={search}
        setSearch={setSearch}
        empty={t('rollouts.empty')}
        defaultSort="createdAt,desc"
      />
      {selected !== null ? <RolloutDetail key={selected} id={selected} /> : null}
      {starting ? <StartRolloutModal onClose={() => setStarting(false)} onStarted={setSelected} /> : null}
    </>
  );
}

function RolloutDetail({ id }: { id: number }) {
  const { t } = useTranslation('admin');
  const queryClient = useQueryClient();
  const rollout = useQuery(adminQueries.rollout(id));
  const [stopping, setStopping] = useState(false);
  const refresh = () => queryClient.invalidateQueries({ queryKey: adminKeys.list('rollouts') });
  const advance = useMutation({
    mutationFn: () => adminActions.advanceRollout(id),
    onSuccess: () => {
      toast.success(t('rollouts.advanced'));
      return refresh();
    },
    onError: (error) => reportActionFailure(t('rollouts.advancing'), error),
  });
  const stop = useMutation({
    mutationFn: () => adminActions.stopRollout(id),
    onSuccess: () => {
      toast.success(t('rollouts.stopped'));
      setStopping(false);
      return refresh();
    },
    onError: (error) => reportActionFailure(t('rollouts.stopping'), error),
  });
  const columns: Column<RolloutTarget>[] = [
    { key: 'serial', label: t('rollouts.targets.bridge'), render: (b) => <code>{b.serial}</code> },
    {
      key: 'state',
      label: t('rollouts.targets.state'),
      render: (b) => (
        <span className={b.state === 'FAILED' ? 'text-critical' : b.state === 'COMPLETED' ? 'text-success' : ''}>
          {TARGET_STATES.has(b.state) ? t(`rollouts.targetStates.${b.state}`) : b.state}
        </span>
      ),
    },
    { key: 'stage', label: t('rollouts.targets.stage'), render: (b) => b.stage },
    {
      key: 'progress',
      label: t('rollouts.targets.progress'),
      render: (b) =>
        b.progress !== null ? (
          <progress
            className="admin-progress"
            max={100}
            value={b.progress}
            aria-label={t('rollouts.targetProgress', { serial: b.serial, progress: b.progress })}
          />
        ) : (
          '—'
        ),
    },
    { key: 'message', label: t('rollouts.targets.message'), render: (b) => b.message ?? '' },
    { key: 'updatedAt', label: t('rollouts.targets.updated'), render: (b) => formatDateTime(b.updatedAt) },
  ];
  return (
    <section className="card admin-detail" aria-labelledby="rollout-title">
      <QueryState query={rollout} what={t('rollouts.one')}>
        {(r) => {
          const active = r.status === 'running';
          const bridges = r.targets ?? [];
          return (
            <>
              <div className="section-header">
                <h2 id="rollout-title">{t('rollouts.heading', { version: r.version, status: statusOf(r.status), released: released(r) })}</h2>
                {active ? (
                  <span className="button-row">
                    {r.stage < 2 ? (
                      <button type="button" className="button button--small button--primary" disabled={advance.isPending} onClick={() => advance.mutate()}>
                        {t('rollouts.releaseAll')}
                      </button>
                    ) : null}
                    <button type="button" className="button button--small button--danger" onClick={() => setStopping(true)}>
                      {t('rollouts.stop')}
                    </button>
                  </span>
                ) : null}
              </div>
              <p className="muted">
                {t('rollouts.detailSummary', { summary: summary(r), percent: r.failurePercent })}
                {r.finishedAt ? ` ${t('rollouts.finished', { at: formatDateTime(r.finishedAt) })}` : ''}
              </p>
              {r.stopReason ? (
                <p className="text-warning" role="status">
                  {r.stopReason}
                </p>
              ) : null}
              <PagedTable
                what={t('rollouts.bridgesWhat')}
                query={{
                  data: { totalElements: bridges.length, content: bridges },
                  isPending: false,
                  isError: false,
                  error: null,
                  refetch: () => rollout.refetch(),
                }}
                columns={columns}
                rowKey={(b) => b.bridgeId}
                search={{ size: 200 }}
                setSearch={() => {}}
                paged={false}
                empty={t('rollouts.noBridgeAsked')}
              />
            </>
          );
        }}
      </QueryState>
      {stopping ? (
        <ConfirmModal
          title={t('rollouts.stopTitle')}
          confirmLabel={t('rollouts.stop')}
          pending={stop.isPending}
          onConfirm={() => stop.mutate()}
          onClose={() => setStopping(false)}
        >
          <p>{t('rollouts.stopEffect')}</p>
        </ConfirmModal>
      ) : null}
    </section>
  );
}

function StartRolloutModal({ onClose, onStarted }: { onClose: () => void; onStarted: (id: number) => void }) {
  const { t } = useTranslation('admin');
  const queryClient = useQueryClient();
  const bridges = useQuery(adminQueries.reportingClients());
  const [form, setForm] = useState({ version: '', percentage: '10', failurePercent: '20', adminPassword: '' });
  const [everyBridge, setEveryBridge] = useState(false);
  const [chosen, setChosen] = useState<Set<number>>(new Set());
  const [failure, setFailure] = useState<FormFailure | null>(null);
  const start = useMutation({
    mutationFn: () => {
      if (!everyBridge && chosen.size === 0) throw Object.assign(new Error('none'), { field: 'bridgeIds' });
      return adminActions.startRollout({
        version: form.version.trim(),
        ...(everyBridge ? { all: true as const } : { bridgeIds: [...chosen] }),
        percentage: Number(form.percentage),
        failurePercent: Number(form.failurePercent),
        adminPassword: form.adminPassword,
      });
    },
    onSuccess: (rollout) => {
      toast.success(t('rollouts.started', { version: rollout.version }));
      onClose();
      onStarted(rollout.id);
      return queryClient.invalidateQueries({ queryKey: adminKeys.list('rollouts') });
    },
    onError: (error) =>
      setFailure(
        'field' in error && error.field === 'bridgeIds'
          ? { field: 'bridgeIds', message: t('rollouts.chooseBridge') }
          : formFailure(t('rollouts.starting'), error, ['version', 'bridgeIds', 'percentage', 'failurePercent', 'adminPassword', 'password']),
      ),
  });
  const all = bridges.data ?? [];
  const toggle = (id: number) =>
    setChosen((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const bind = fieldBinder(form, setForm, failure);
  return (
    <FormModal
      title={t('rollouts.startTitle')}
      submitLabel={t('rollouts.start')}
      pending={start.isPending}
      failure={failure}
      dirty={form.version !== ''}
      onSubmit={() => start.mutate()}
      onClose={onClose}
    >
      <TextField label={t('rollouts.fields.version')} required {...bind('version')} />
      <fieldset className="checkbox-list">
        <legend className="field__label">
          {everyBridge ? t('rollouts.fields.everyBridgeLegend') : t('rollouts.fields.chosenLegend', { count: chosen.size })}
        </legend>
        <label className="checkbox">
          <input type="checkbox" checked={everyBridge} onChange={(event) => setEveryBridge(event.target.checked)} /> {t('rollouts.fields.everyBridge')}
        </label>
        {everyBridge
          ? null
          : all.map((b) => (
              <label key={b.id} className="checkbox">
                <input type="checkbox" checked={chosen.has(b.id)} onChange={() => toggle(b.id)} /> {b.serial} <span className="muted">{b.version ?? ''}</span>
              </label>
            ))}
        {errorFor(failure, 'bridgeIds') ? (
          <p className="field__error" role="alert">
            {errorFor(failure, 'bridgeIds')}
          </p>
        ) : null}
      </fieldset>
      <SelectField
        label={t('rollouts.fields.firstStage')}
        value={form.percentage}
        onChange={(event) => setForm({ ...form, percentage: event.target.value })}
        options={STEPS.map((step) => ({ value: String(step), label: t('rollouts.fields.stepShare', { percent: step }) }))}
        error={errorFor(failure, 'percentage')}
      />
      <SelectField
        label={t('rollouts.fields.failurePercent')}
        value={form.failurePercent}
        onChange={(event) => setForm({ ...form, failurePercent: event.target.value })}
        options={[5, 10, 20, 50, 100].map((share) => ({
          value: String(share),
          label: share === 100 ? t('rollouts.fields.neverStop') : t('rollouts.fields.share', { percent: share }),
        }))}
        error={errorFor(failure, 'failurePercent')}
      />
      <TextField
        label={t('rollouts.fields.password')}
        type="password"
        autoComplete="current-password"
        required
        value={form.adminPassword}
        onChange={(event) => setForm({ ...form, adminPassword: event.target.value })}
        error={errorFor(failure, 'adminPassword') ?? errorFor(failure, 'password')}
      />
    </FormModal>
  );
}
