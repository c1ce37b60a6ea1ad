import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { toast } from '../../app/services';
import { reportActionFailure } from '../../app/failures';
import { TextField } from '../forms/Field';
import { ConfirmModal } from '../modal/ConfirmModal';
import { Modal } from '../modal/Modal';
import { AdminHeader } from './AdminLayout';
import { useEdited } from '../forms/edited';
import { FormModal } from './FormModal';
import { FilterChips, PagedTable, QueryState, SearchBox, type Column, type SetSearch } from './ListControls';
import { BarChart } from './Sparkline';
import { errorFor, formFailure, type FormFailure, fieldBinder } from './fieldErrors';
import { formatBytes, formatDateTime } from './format';
import { pageLocally, type ListSearch } from './listSearch';
import { adminActions, adminKeys, adminQueries } from './queries';
import type { ReportingClient, ReportingClientWithSecrets, UpdateProgress } from './types';

const CHIPS = [
  { value: 'online', label: 'Online' },
  { value: 'offline', label: 'Offline' },
  { value: 'paired', label: 'Paired' },
  { value: 'unpaired', label: 'Not paired' },
];

const matches = (bridge: ReportingClient, filter: string) =>
  ({ online: bridge.online, offline: !bridge.online, paired: bridge.vesselId !== null, unpaired: bridge.vesselId === null })[filter] ?? true;

export function BridgesPage({ search, setSearch }: { search: ListSearch; setSearch: SetSearch }) {
  const queryClient = useQueryClient();
  const bridges = useQuery(adminQueries.reportingClients());
  const selected = search.open ?? null;
  const setSelected = (id: number | null) => setSearch({ open: id ?? undefined });
  const [dialog, setDialog] = useState<'provision' | null>(null);
  const [secrets, setSecrets] = useState<ReportingClientWithSecrets | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: adminKeys.list('reportingClients') });
  const page = {
    ...bridges,
    data: bridges.data
      ? pageLocally(bridges.data, search, {
          text: (b) => `${b.serial} ${b.version ?? ''}`,
          sortBy: {
            serial: (b) => b.serial,
            version: (b) => b.version,
            online: (b) => (b.online ? 1 : 0),
            lastSeen: (b) => b.lastSeen,
            vesselId: (b) => b.vesselId,
          },
          filter: matches,
          defaultSort: 'serial,asc',
        })
      : undefined,
  };
  const current = bridges.data?.find((b) => b.id === selected) ?? null;
  const columns: Column<ReportingClient>[] = [
    { key: 'serial', label: 'Serial', sortable: true, render: (b) => <code>{b.serial}</code> },
    {
      key: 'online',
      label: 'State',
      sortable: true,
      render: (b) => <span className={`chip${b.online ? '' : ' chip--neutral'}`}>{b.online ? 'Online' : 'Offline'}</span>,
    },
    { key: 'version', label: 'Version', sortable: true, render: (b) => b.version ?? '—' },
    { key: 'lastSeen', label: 'Last seen', sortable: true, render: (b) => formatDateTime(b.lastSeen) },
    { key: 'vesselId', label: 'Vessel', sortable: true, render: (b) => (b.vesselId ? `#${b.vesselId}` : <span className="muted">not paired</span>) },
    {
      key: 'actions',
      label: 'Actions',
      render: (b) => (
        <button type="button" className="button button--small" aria-expanded={selected === b.id} onClick={() => setSelected(selected === b.id ? null : b.id)}>
          {selected === b.id ? 'Close' : 'Manage'}
          <span className="visually-hidden"> {b.serial}</span>
        </button>
      ),
    },
  ];
  return (
    <>
      <AdminHeader title="Bridges">
        <Link to="/dashboard/admin/rollouts" className="button">
          Staged rollouts
        </Link>
        <button type="button" className="button button--primary" onClick={() => setDialog('provision')}>
          Provision bridge
        </button>
      </AdminHeader>
      <div className="admin-toolbar">
        <SearchBox search={search} setSearch={setSearch} label="Search bridges by serial or version" />
        <FilterChips chips={CHIPS} search={search} setSearch={setSearch} label="Show bridges" />
      </div>
      <PagedTable
        what="Bridges"
        query={page}
        columns={columns}
        rowKey={(b) => b.id}
        search={search}
        setSearch={setSearch}
        empty="No bridges are provisioned yet."
        defaultSort="serial,asc"
      />
      {current ? <BridgeDetail key={current.id} bridge={current} onChanged={refresh} onSecrets={setSecrets} onDeleted={() => setSelected(null)} /> : null}
      {dialog === 'provision' ? (
        <ProvisionModal
          onClose={() => setDialog(null)}
          onDone={(created) => {
            setSecrets(created);
            return refresh();
          }}
        />
      ) : null}
      {secrets ? <SecretsModal bridge={secrets} onClose={() => setSecrets(null)} /> : null}
    </>
  );
}

function ProvisionModal({ onClose, onDone }: { onClose: () => void; onDone: (created: ReportingClientWithSecrets) => unknown }) {
  const [form, setForm] = useState({ serial: '', version: '' });
  const [failure, setFailure] = useState<FormFailure | null>(null);
  const provision = useMutation({
    mutationFn: () =>
      adminActions.provisionBridge({
        ...(form.serial.trim() ? { serial: form.serial.trim() } : {}),
        ...(form.version.trim() ? { version: form.version.trim() } : {}),
      }),
    onSuccess: (created) => {
      onClose();
      return onDone(created);
    },
    onError: (error) => setFailure(formFailure('Provisioning the bridge', error, ['serial', 'version'])),
  });
  const bind = fieldBinder(form, setForm, failure);
  const edited = useEdited(form);
  return (
    <FormModal
      title="Provision a bridge"
      submitLabel="Provision"
      pending={provision.isPending}
      failure={failure}
      onSubmit={() => provision.mutate()}
      onClose={onClose}
      dirty={edited}
    >
      <TextField
        label="Serial"
        value={form.serial}
        onChange={(event) => setForm({ ...form, serial: event.target.value })}
        hint="Leave empty to have one chosen."
        error={errorFor(failure, 'serial')}
      />
      <TextField label="Software version" {...bind('version')} />
    </FormModal>
  );
}

/** The MQTT secret and pairing code are answered once: they are shown here and nowhere else. */
function SecretsModal({ bridge, onClose }: { bridge: ReportingClientWithSecrets; onClose: () => void }) {
  const [open, setOpen] = useState(true);
  return (
    <Modal
      open={open}
      title={`Bridge ${bridge.serial}`}
      onClose={onClose}
      footer={
        <button type="button" className="button button--primary" onClick={() => setOpen(false)}>
          I have noted them
        </button>
      }
    >
      <p className="notice">Note these now: they are shown only this once and cannot be read again.</p>
      {bridge.secret ? (
        <>
          <p className="field__label">MQTT secret</p>
          <code className="admin-secret" data-testid="bridge-secret">
            {bridge.secret}
          </code>
        </>
      ) : null}
      {bridge.pairingCode ? (
        <>
          <p className="field__label">Pairing code</p>
          <code className="admin-secret" data-testid="bridge-pairing-code">
            {bridge.pairingCode}
          </code>
        </>
      ) : null}
    </Modal>
  );
}

/** The update states of a request still under way (docs/api.md: PENDING, DOWNLOADING, INSTALLING, then COMPLETED or FAILED). */
const RUNNING = new Set(['PENDING', 'DOWNLOADING', 'INSTALLING']);

function progressText(progress: UpdateProgress): string {
  const percent = progress.progress !== null ? ` ${Math.round(progress.progress)} %` : '';
  return `${progress.version ?? ''} ${progress.state}${percent}${progress.message ? ` — ${progress.message}` : ''}`.trim();
}

function BridgeDetail({
  bridge,
  onChanged,
  onSecrets,
  onDeleted,
}: {
  bridge: ReportingClient;
  onChanged: () => unknown;
  onSecrets: (bridge: ReportingClientWithSecrets) => void;
  onDeleted: () => void;
}) {
  const usage = useQuery(adminQueries.usage(bridge.id));
  const connections = useQuery(adminQueries.connections(bridge.id));
  const [watching, setWatching] = useState(false);
  const progress = useQuery(adminQueries.updateProgress(bridge.id, watching));
  const running = progress.data ? RUNNING.has(progress.data.state) : false;
  if (watching && progress.data && !running) setWatching(false);
  const [dialog, setDialog] = useState<'edit' | 'update' | 'delete' | null>(null);
  const remove = useMutation({
    mutationFn: () => adminActions.deleteBridge(bridge.id),
    onSuccess: () => {
      toast.success(`Bridge ${bridge.serial} was deleted and disconnected`);
      onDeleted();
      return onChanged();
    },
    onError: (error) => reportActionFailure('Deleting the bridge', error),
  });
  return (
    <section className="card admin-detail" aria-labelledby="bridge-detail-title">
      <div className="section-header">
        <h2 id="bridge-detail-title">Bridge {bridge.serial}</h2>
        <span className="button-row">
          <button type="button" className="button button--small" onClick={() => setDialog('edit')}>
            Edit
          </button>
          <button
            type="button"
            className="button button--small"
            onClick={() => setDialog('update')}
            disabled={!bridge.online}
            title={bridge.online ? undefined : 'The bridge is offline'}
          >
            Software update
          </button>
          <button type="button" className="button button--small button--danger" onClick={() => setDialog('delete')}>
            Delete
          </button>
        </span>
      </div>
      <h3 className="section-title">Software update</h3>
      <QueryState query={progress} what="The update progress">
        {(latest) =>
          latest ? (
            <p>
              <progress
                className="admin-progress"
                max={100}
                value={latest.progress ?? undefined}
                aria-label={`Update to ${latest.version ?? 'a new version'}`}
              />{' '}
              <span data-testid="update-progress">{progressText(latest)}</span> <span className="muted">({formatDateTime(latest.updatedAt)})</span>
            </p>
          ) : (
            <p className="muted">No software update was asked for.</p>
          )
        }
      </QueryState>
      <h3 className="section-title">Usage, last 30 days</h3>
      <QueryState query={usage} what="The usage">
        {(days) => (
          <>
            <BarChart values={days.map((d) => ({ key: d.day, value: d.messages }))} label="Messages per day" format={(v) => `${v} messages`} />
            <BarChart values={days.map((d) => ({ key: d.day, value: d.bytes }))} label="Bytes per day" format={formatBytes} />
            <p className="muted">
              {days.reduce((sum, d) => sum + d.messages, 0)} messages, {formatBytes(days.reduce((sum, d) => sum + d.bytes, 0))},{' '}
              {days.reduce((sum, d) => sum + d.rejected, 0)} rejected.
            </p>
          </>
        )}
      </QueryState>
      <h3 className="section-title">Connections</h3>
      <QueryState query={connections} what="The connection history">
        {(history) =>
          history.content.length === 0 ? (
            <p className="empty-state">This bridge has not connected in the last 90 days.</p>
          ) : (
            <>
              <ol className="admin-timeline" aria-label={`Connections of ${bridge.serial}, newest first`}>
                {history.content.map((entry, index) => (
                  <li key={`${entry.at}-${index}`} className={entry.event === 'connected' ? 'text-success' : 'muted'}>
                    <span>{entry.event === 'connected' ? 'Connected' : 'Disconnected'}</span> <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
                  </li>
                ))}
              </ol>
              {history.totalElements > history.content.length ? (
                <p className="muted">
                  The latest {history.content.length} of {history.totalElements} in the last 90 days.
                </p>
              ) : null}
            </>
          )
        }
      </QueryState>
      {dialog === 'edit' ? <EditBridgeModal bridge={bridge} onClose={() => setDialog(null)} onDone={onChanged} onSecrets={onSecrets} /> : null}
      {dialog === 'update' ? (
        <SoftwareUpdateModal
          bridge={bridge}
          onClose={() => setDialog(null)}
          onStarted={() => {
            setWatching(true);
            return progress.refetch();
          }}
        />
      ) : null}
      {dialog === 'delete' ? (
        <ConfirmModal
          title="Delete this bridge?"
          confirmLabel="Delete bridge"
          pending={remove.isPending}
          onConfirm={() => remove.mutate()}
          onClose={() => setDialog(null)}
        >
          <p>
            Bridge <strong>{bridge.serial}</strong> will be disconnected at once and deleted with everything it reported (usage, history)
            {bridge.vesselId ? ', and unpaired from its vessel' : ''}.
          </p>
        </ConfirmModal>
      ) : null}
    </section>
  );
}

function EditBridgeModal({
  bridge,
  onClose,
  onDone,
  onSecrets,
}: {
  bridge: ReportingClient;
  onClose: () => void;
  onDone: () => unknown;
  onSecrets: (bridge: ReportingClientWithSecrets) => void;
}) {
  const [form, setForm] = useState({ serial: bridge.serial, version: bridge.version ?? '', rotateSecret: false, newPairingCode: false });
  const [failure, setFailure] = useState<FormFailure | null>(null);
  const save = useMutation({
    mutationFn: () =>
      adminActions.editBridge(bridge.id, {
        serial: form.serial.trim(),
        version: form.version.trim() || null,
        rotateSecret: form.rotateSecret,
        newPairingCode: form.newPairingCode,
      }),
    onSuccess: (saved) => {
      toast.success(`Bridge ${saved.serial} was saved`);
      onClose();
      if (saved.secret || saved.pairingCode) onSecrets(saved);
      return onDone();
    },
    onError: (error) => setFailure(formFailure('Saving the bridge', error, ['serial', 'version'])),
  });
  const bind = fieldBinder(form, setForm, failure);
  const edited = useEdited(form);
  return (
    <FormModal
      title={`Edit bridge ${bridge.serial}`}
      submitLabel="Save"
      pending={save.isPending}
      failure={failure}
      onSubmit={() => save.mutate()}
      onClose={onClose}
      dirty={edited}
    >
      <TextField label="Serial" {...bind('serial')} />
      <TextField label="Software version" {...bind('version')} />
      <label className="checkbox">
        <input type="checkbox" checked={form.rotateSecret} onChange={(event) => setForm({ ...form, rotateSecret: event.target.checked })} /> New MQTT secret
        (disconnects the bridge)
      </label>
      <label className="checkbox">
        <input type="checkbox" checked={form.newPairingCode} onChange={(event) => setForm({ ...form, newPairingCode: event.target.checked })} /> New pairing
        code
      </label>
    </FormModal>
  );
}

function SoftwareUpdateModal({ bridge, onClose, onStarted }: { bridge: ReportingClient; onClose: () => void; onStarted: () => unknown }) {
  const [form, setForm] = useState({ version: '', adminPassword: '' });
  const [failure, setFailure] = useState<FormFailure | null>(null);
  const start = useMutation({
    mutationFn: () => adminActions.softwareUpdate(bridge.id, form.version.trim(), form.adminPassword),
    onSuccess: () => {
      toast.success(`Bridge ${bridge.serial} was asked to install ${form.version.trim()}`);
      onClose();
      return onStarted();
    },
    onError: (error) => setFailure(formFailure('Starting the software update', error, ['version', 'adminPassword', 'password'])),
  });
  const bind = fieldBinder(form, setForm, failure);
  const edited = useEdited(form);
  return (
    <FormModal
      title={`Update bridge ${bridge.serial}`}
      submitLabel="Start update"
      pending={start.isPending}
      failure={failure}
      onSubmit={() => start.mutate()}
      onClose={onClose}
      dirty={edited}
    >
      <TextField label="Version" required {...bind('version')} />
      <TextField
        label="Your password"
        type="password"
        autoComplete="current-password"
        required
        value={form.adminPassword}
        onChange={(event) => setForm({ ...form, adminPassword: event.target.value })}
        hint="A software update needs your own password again."
        error={errorFor(failure, 'adminPassword') ?? errorFor(failure, 'password')}
      />
    </FormModal>
  );
}
