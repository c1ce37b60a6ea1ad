import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
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

const STEPS = [10, 25, 50, 100];
/** Target states (docs/api.md "Rollouts"), in words. */
const TARGET_STATES: Record<string, string> = {
  LATER: 'Next stage',
  WAITING: 'Waiting (offline)',
  PENDING: 'Sent',
  DOWNLOADING: 'Downloading',
  INSTALLING: 'Installing',
  COMPLETED: 'Completed',
  FAILED: 'Failed',
  SKIPPED: 'Skipped (not connected within a day)',
};

const CHIPS = [
  { value: 'running', label: 'Running' },
  { value: 'stopped', label: 'Stopped' },
  { value: 'completed', label: 'Completed' },
];

function summary(rollout: Rollout): string {
  const c = rollout.counts;
  const parts = [`${c.completed} of ${c.total} completed`, `${c.failed} failed`];
  if (c.inProgress) parts.push(`${c.inProgress} installing`);
  if (c.waiting) parts.push(`${c.waiting} waiting for their bridge`);
  return parts.join(', ');
}

/** How far the rollout was released: its first stage's share, or every bridge once advanced. */
const released = (rollout: Rollout) => (rollout.stage >= 2 ? 'all bridges' : `${rollout.percentage} % (first stage)`);

export function RolloutsPage({ search, setSearch }: { search: ListSearch; setSearch: SetSearch }) {
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
    { key: 'version', label: 'Version', sortable: true, render: (r) => r.version },
    {
      key: 'status',
      label: 'Status',
      sortable: true,
      render: (r) => <span className={`chip${r.status === 'stopped' ? ' chip--warning' : r.status === 'completed' ? ' chip--neutral' : ''}`}>{r.status}</span>,
    },
    { key: 'released', label: 'Released to', render: released },
    {
      key: 'progress',
      label: 'Progress',
      sortable: true,
      render: (r) => <progress className="admin-progress" max={100} value={r.progress} aria-label={`Rollout of ${r.version}: ${r.progress} %`} />,
    },
    { key: 'result', label: 'Result', render: summary },
    { key: 'createdAt', label: 'Started', sortable: true, render: (r) => formatDateTime(r.createdAt) },
    {
      key: 'actions',
      label: 'Actions',
      render: (r) => (
        <button type="button" className="button button--small" aria-expanded={selected === r.id} onClick={() => setSelected(selected === r.id ? null : r.id)}>
          {selected === r.id ? 'Close' : 'Watch'}
          <span className="visually-hidden"> the rollout of {r.version}</span>
        </button>
      ),
    },
  ];
  return (
    <>
      <AdminHeader title="Software rollouts">
        <button type="button" className="button button--primary" onClick={() => setStarting(true)}>
          Start rollout
        </button>
      </AdminHeader>
      <p className="muted">
        A staged rollout asks a share of the chosen bridges first, and stops by itself when too many updates fail; release it to all its bridges when the first
        ones are fine.
      </p>
      <div className="admin-toolbar">
        <FilterChips chips={CHIPS} search={search} setSearch={setSearch} label="Show rollouts" />
      </div>
      <PagedTable
        what="Rollouts"
        query={page}
        columns={columns}
        rowKey={(r) => r.id}
        search={search}
        setSearch={setSearch}
        empty="No software rollout was started yet."
        defaultSort="createdAt,desc"
      />
      {selected !== null ? <RolloutDetail key={selected} id={selected} /> : null}
      {starting ? <StartRolloutModal onClose={() => setStarting(false)} onStarted={setSelected} /> : null}
    </>
  );
}

function RolloutDetail({ id }: { id: number }) {
  const queryClient = useQueryClient();
  const rollout = useQuery(adminQueries.rollout(id));
  const [stopping, setStopping] = useState(false);
  const refresh = () => queryClient.invalidateQueries({ queryKey: adminKeys.list('rollouts') });
  const advance = useMutation({
    mutationFn: () => adminActions.advanceRollout(id),
    onSuccess: () => {
      toast.success('The rollout now reaches all its bridges');
      return refresh();
    },
    onError: (error) => reportActionFailure('Advancing the rollout', error),
  });
  const stop = useMutation({
    mutationFn: () => adminActions.stopRollout(id),
    onSuccess: () => {
      toast.success('The rollout was stopped');
      setStopping(false);
      return refresh();
    },
    onError: (error) => reportActionFailure('Stopping the rollout', error),
  });
  return (
    <section className="card admin-detail" aria-labelledby="rollout-title">
      <QueryState query={rollout} what="The rollout">
        {(r) => {
          const active = r.status === 'running';
          const columns: Column<RolloutTarget>[] = [
            { key: 'serial', label: 'Bridge', render: (b) => <code>{b.serial}</code> },
            {
              key: 'state',
              label: 'State',
              render: (b) => (
                <span className={b.state === 'FAILED' ? 'text-critical' : b.state === 'COMPLETED' ? 'text-success' : ''}>
                  {TARGET_STATES[b.state] ?? b.state}
                </span>
              ),
            },
            { key: 'stage', label: 'Stage', render: (b) => b.stage },
            {
              key: 'progress',
              label: 'Progress',
              render: (b) =>
                b.progress !== null ? <progress className="admin-progress" max={100} value={b.progress} aria-label={`${b.serial}: ${b.progress} %`} /> : '—',
            },
            { key: 'message', label: 'Message', render: (b) => b.message ?? '' },
            { key: 'updatedAt', label: 'Updated', render: (b) => formatDateTime(b.updatedAt) },
          ];
          const bridges = r.targets ?? [];
          return (
            <>
              <div className="section-header">
                <h2 id="rollout-title">
                  Rollout of {r.version}: {r.status}, released to {released(r)}
                </h2>
                {active ? (
                  <span className="button-row">
                    {r.stage < 2 ? (
                      <button type="button" className="button button--small button--primary" disabled={advance.isPending} onClick={() => advance.mutate()}>
                        Release to all bridges
                      </button>
                    ) : null}
                    <button type="button" className="button button--small button--danger" onClick={() => setStopping(true)}>
                      Stop rollout
                    </button>
                  </span>
                ) : null}
              </div>
              <p className="muted">
                {summary(r)}. Stops by itself when more than {r.failurePercent} % fail.
                {r.finishedAt ? ` Finished ${formatDateTime(r.finishedAt)}.` : ''}
              </p>
              {r.stopReason ? (
                <p className="text-warning" role="status">
                  {r.stopReason}
                </p>
              ) : null}
              <PagedTable
                what="Bridges of the rollout"
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
                empty="No bridge was asked yet."
              />
            </>
          );
        }}
      </QueryState>
      {stopping ? (
        <ConfirmModal
          title="Stop this rollout?"
          confirmLabel="Stop rollout"
          pending={stop.isPending}
          onConfirm={() => stop.mutate()}
          onClose={() => setStopping(false)}
        >
          <p>No further bridge will be asked to update. Bridges already updating finish their update.</p>
        </ConfirmModal>
      ) : null}
    </section>
  );
}

function StartRolloutModal({ onClose, onStarted }: { onClose: () => void; onStarted: (id: number) => void }) {
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
      toast.success(`The rollout of ${rollout.version} has started`);
      onClose();
      onStarted(rollout.id);
      return queryClient.invalidateQueries({ queryKey: adminKeys.list('rollouts') });
    },
    onError: (error) =>
      setFailure(
        'field' in error && error.field === 'bridgeIds'
          ? { field: 'bridgeIds', message: 'Choose at least one bridge.' }
          : formFailure('Starting the rollout', error, ['version', 'bridgeIds', 'percentage', 'failurePercent', 'adminPassword', 'password']),
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
      title="Start a staged rollout"
      submitLabel="Start rollout"
      pending={start.isPending}
      failure={failure}
      dirty={form.version !== ''}
      onSubmit={() => start.mutate()}
      onClose={onClose}
    >
      <TextField label="Version" required {...bind('version')} />
      <fieldset className="checkbox-list">
        <legend className="field__label">Bridges ({everyBridge ? 'every bridge' : `${chosen.size} chosen`})</legend>
        <label className="checkbox">
          <input type="checkbox" checked={everyBridge} onChange={(event) => setEveryBridge(event.target.checked)} /> Every bridge provisioned
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
        label="First stage"
        value={form.percentage}
        onChange={(event) => setForm({ ...form, percentage: event.target.value })}
        options={STEPS.map((step) => ({ value: String(step), label: `${step} % of the chosen bridges` }))}
        error={errorFor(failure, 'percentage')}
      />
      <SelectField
        label="Stop by itself when failed updates exceed"
        value={form.failurePercent}
        onChange={(event) => setForm({ ...form, failurePercent: event.target.value })}
        options={[5, 10, 20, 50, 100].map((share) => ({ value: String(share), label: share === 100 ? 'Never stop by itself' : `${share} %` }))}
        error={errorFor(failure, 'failurePercent')}
      />
      <TextField
        label="Your password"
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
