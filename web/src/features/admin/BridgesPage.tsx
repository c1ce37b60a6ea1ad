import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Trans, useTranslation } from 'react-i18next';
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
import { HIDDEN } from '../../i18n/hidden';

const STRONG = { strong: <strong /> };

const FILTERS = ['online', 'offline', 'paired', 'unpaired'] as const;

const matches = (bridge: ReportingClient, filter: string) =>
  ({ online: bridge.online, offline: !bridge.online, paired: bridge.vesselId !== null, unpaired: bridge.vesselId === null })[filter] ?? true;

export function BridgesPage({ search, setSearch }: { search: ListSearch; setSearch: SetSearch }) {
  const { t } = useTranslation('admin');
  const chips = FILTERS.map((value) => ({ value, label: t(`bridges.filters.${value}`) }));
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
    { key: 'serial', label: t('bridges.columns.serial'), sortable: true, render: (b) => <code>{b.serial}</code> },
    {
      key: 'online',
      label: t('bridges.columns.state'),
      sortable: true,
      render: (b) => <span className={`chip${b.online ? '' : ' chip--neutral'}`}>{b.online ? t('bridges.filters.online') : t('bridges.filters.offline')}</span>,
    },
    { key: 'version', label: t('bridges.columns.version'), sortable: true, render: (b) => b.version ?? '—' },
    { key: 'lastSeen', label: t('bridges.columns.lastSeen'), sortable: true, render: (b) => formatDateTime(b.lastSeen) },
    {
      key: 'vesselId',
      label: t('bridges.columns.vessel'),
      sortable: true,
      render: (b) => (b.vesselId ? `#${b.vesselId}` : <span className="muted">{t('bridges.notPaired')}</span>),
    },
    {
      key: 'actions',
      label: t('bridges.columns.actions'),
      render: (b) => (
        <button type="button" className="button button--small" aria-expanded={selected === b.id} onClick={() => setSelected(selected === b.id ? null : b.id)}>
          <Trans t={t} i18nKey={selected === b.id ? 'bridges.close' : 'bridges.manage'} values={{ serial: b.serial }} components={HIDDEN} shouldUnescape />
        </button>
      ),
    },
  ];
  return (
    <>
      <AdminHeader title={t('bridges.title')}>
        <Link to="/dashboard/admin/rollouts" className="button">
          {t('bridges.rollouts')}
        </Link>
        <button type="button" className="button button--primary" onClick={() => setDialog('provision')}>
          {t('bridges.provision')}
        </button>
      </AdminHeader>
      <div className="admin-toolbar">
        <SearchBox search={search} setSearch={setSearch} label={t('bridges.search')} />
        <FilterChips chips={chips} search={search} setSearch={setSearch} label={t('bridges.show')} />
      </div>
      <PagedTable
        what={t('bridges.what')}
        query={page}
        columns={columns}
        rowKey={(b) => b.id}
        search={search}
        setSearch={setSearch}
        empty={t('bridges.empty')}
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
  const { t } = useTranslation('admin');
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
    onError: (error) => setFailure(formFailure(t('bridges.provisioning'), error, ['serial', 'version'])),
  });
  const bind = fieldBinder(form, setForm, failure);
  const edited = useEdited(form);
  return (
    <FormModal
      title={t('bridges.provisionTitle')}
      submitLabel={t('bridges.provisionSubmit')}
      pending={provision.isPending}
      failure={failure}
      onSubmit={() => provision.mutate()}
      onClose={onClose}
      dirty={edited}
    >
      <TextField
        label={t('bridges.fields.serial')}
        value={form.serial}
        onChange={(event) => setForm({ ...form, serial: event.target.value })}
        hint={t('bridges.fields.serialHint')}
        error={errorFor(failure, 'serial')}
      />
      <TextField label={t('bridges.fields.version')} {...bind('version')} />
    </FormModal>
  );
}

/** The MQTT secret and pairing code are answered once: they are shown here and nowhere else. */
function SecretsModal({ bridge, onClose }: { bridge: ReportingClientWithSecrets; onClose: () => void }) {
  const { t } = useTranslation('admin');
  const [open, setOpen] = useState(true);
  return (
    <Modal
      open={open}
      title={t('bridges.bridge', { serial: bridge.serial })}
      onClose={onClose}
      footer={
        <button type="button" className="button button--primary" onClick={() => setOpen(false)}>
          {t('bridges.secrets.noted')}
        </button>
      }
    >
      <p className="notice">{t('bridges.secrets.notice')}</p>
      {bridge.secret ? (
        <>
          <p className="field__label">{t('bridges.secrets.secret')}</p>
          <code className="admin-secret" data-testid="bridge-secret">
            {bridge.secret}
          </code>
        </>
      ) : null}
      {bridge.pairingCode ? (
        <>
          <p className="field__label">{t('bridges.secrets.pairingCode')}</p>
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
  const { t } = useTranslation('admin');
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
      toast.success(t('bridges.deleted', { serial: bridge.serial }));
      onDeleted();
      return onChanged();
    },
    onError: (error) => reportActionFailure(t('bridges.deleting'), error),
  });
  return (
    <section className="card admin-detail" aria-labelledby="bridge-detail-title">
      <div className="section-header">
        <h2 id="bridge-detail-title">{t('bridges.bridge', { serial: bridge.serial })}</h2>
        <span className="button-row">
          <button type="button" className="button button--small" onClick={() => setDialog('edit')}>
            {t('bridges.edit')}
          </button>
          <button
            type="button"
            className="button button--small"
            onClick={() => setDialog('update')}
            disabled={!bridge.online}
            title={bridge.online ? undefined : t('bridges.offline')}
          >
            {t('bridges.update')}
          </button>
          <button type="button" className="button button--small button--danger" onClick={() => setDialog('delete')}>
            {t('bridges.delete')}
          </button>
        </span>
      </div>
      <h3 className="section-title">{t('bridges.update')}</h3>
      <QueryState query={progress} what={t('bridges.progressWhat')}>
        {(latest) =>
          latest ? (
            <p>
              <progress
                className="admin-progress"
                max={100}
                value={latest.progress ?? undefined}
                aria-label={latest.version ? t('bridges.updateTo', { version: latest.version }) : t('bridges.updateToNew')}
              />{' '}
              <span data-testid="update-progress">{progressText(latest)}</span> <span className="muted">({formatDateTime(latest.updatedAt)})</span>
            </p>
          ) : (
            <p className="muted">{t('bridges.noUpdate')}</p>
          )
        }
      </QueryState>
      <h3 className="section-title">{t('bridges.usage')}</h3>
      <QueryState query={usage} what={t('bridges.usageWhat')}>
        {(days) => (
          <>
            <BarChart
              values={days.map((d) => ({ key: d.day, value: d.messages }))}
              label={t('bridges.messagesPerDay')}
              format={(v) => t('bridges.messages', { count: v })}
            />
            <BarChart values={days.map((d) => ({ key: d.day, value: d.bytes }))} label={t('bridges.bytesPerDay')} format={formatBytes} />
            <p className="muted">
              {t('bridges.usageTotal', {
                messages: t('bridges.messages', { count: days.reduce((sum, d) => sum + d.messages, 0) }),
                bytes: formatBytes(days.reduce((sum, d) => sum + d.bytes, 0)),
                rejected: days.reduce((sum, d) => sum + d.rejected, 0),
              })}
            </p>
          </>
        )}
      </QueryState>
      <h3 className="section-title">{t('bridges.connections')}</h3>
      <QueryState query={connections} what={t('bridges.connectionsWhat')}>
        {(history) =>
          history.content.length === 0 ? (
            <p className="empty-state">{t('bridges.noConnections')}</p>
          ) : (
            <>
              <ol className="admin-timeline" aria-label={t('bridges.connectionsOf', { serial: bridge.serial })}>
                {history.content.map((entry, index) => (
                  <li key={`${entry.at}-${index}`} className={entry.event === 'connected' ? 'text-success' : 'muted'}>
                    <span>{entry.event === 'connected' ? t('bridges.connected') : t('bridges.disconnected')}</span>{' '}
                    <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
                  </li>
                ))}
              </ol>
              {history.totalElements > history.content.length ? (
                <p className="muted">{t('bridges.latestOf', { shown: history.content.length, total: history.totalElements })}</p>
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
          title={t('bridges.deleteTitle')}
          confirmLabel={t('bridges.deleteConfirm')}
          pending={remove.isPending}
          onConfirm={() => remove.mutate()}
          onClose={() => setDialog(null)}
        >
          <p>
            <Trans
              t={t}
              i18nKey={bridge.vesselId ? 'bridges.deleteEffectPaired' : 'bridges.deleteEffect'}
              values={{ serial: bridge.serial }}
              components={STRONG}
              shouldUnescape
            />
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
  const { t } = useTranslation('admin');
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
      toast.success(t('bridges.saved', { serial: saved.serial }));
      onClose();
      if (saved.secret || saved.pairingCode) onSecrets(saved);
      return onDone();
    },
    onError: (error) => setFailure(formFailure(t('bridges.saving'), error, ['serial', 'version'])),
  });
  const bind = fieldBinder(form, setForm, failure);
  const edited = useEdited(form);
  return (
    <FormModal
      title={t('bridges.editTitle', { serial: bridge.serial })}
      submitLabel={t('bridges.save')}
      pending={save.isPending}
      failure={failure}
      onSubmit={() => save.mutate()}
      onClose={onClose}
      dirty={edited}
    >
      <TextField label={t('bridges.fields.serial')} {...bind('serial')} />
      <TextField label={t('bridges.fields.version')} {...bind('version')} />
      <label className="checkbox">
        <input type="checkbox" checked={form.rotateSecret} onChange={(event) => setForm({ ...form, rotateSecret: event.target.checked })} />{' '}
        {t('bridges.fields.rotateSecret')}
      </label>
      <label className="checkbox">
        <input type="checkbox" checked={form.newPairingCode} onChange={(event) => setForm({ ...form, newPairingCode: event.target.checked })} />{' '}
        {t('bridges.fields.newPairingCode')}
      </label>
    </FormModal>
  );
}

function SoftwareUpdateModal({ bridge, onClose, onStarted }: { bridge: ReportingClient; onClose: () => void; onStarted: () => unknown }) {
  const { t } = useTranslation('admin');
  const [form, setForm] = useState({ version: '', adminPassword: '' });
  const [failure, setFailure] = useState<FormFailure | null>(null);
  const start = useMutation({
    mutationFn: () => adminActions.softwareUpdate(bridge.id, form.version.trim(), form.adminPassword),
    onSuccess: () => {
      toast.success(t('bridges.updateAsked', { serial: bridge.serial, version: form.version.trim() }));
      onClose();
      return onStarted();
    },
    onError: (error) => setFailure(formFailure(t('bridges.startingUpdate'), error, ['version', 'adminPassword', 'password'])),
  });
  const bind = fieldBinder(form, setForm, failure);
  const edited = useEdited(form);
  return (
    <FormModal
      title={t('bridges.updateTitle', { serial: bridge.serial })}
      submitLabel={t('bridges.updateSubmit')}
      pending={start.isPending}
      failure={failure}
      onSubmit={() => start.mutate()}
      onClose={onClose}
      dirty={edited}
    >
      <TextField label={t('bridges.fields.targetVersion')} required {...bind('version')} />
      <TextField
        label={t('bridges.fields.password')}
        type="password"
        autoComplete="current-password"
        required
        value={form.adminPassword}
        onChange={(event) => setForm({ ...form, adminPassword: event.target.value })}
        hint={t('bridges.fields.passwordHint')}
        error={errorFor(failure, 'adminPassword') ?? errorFor(failure, 'password')}
      />
    </FormModal>
  );
}
