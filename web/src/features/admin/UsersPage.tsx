import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Trans, useTranslation } from 'react-i18next';
import { toast } from '../../app/services';
import { reportActionFailure } from '../../app/failures';
import { formatDate } from './format';
import { TextField } from '../forms/Field';
import { ConfirmModal } from '../modal/ConfirmModal';
import { AdminHeader } from './AdminLayout';
import { FilterChips, PagedTable, SearchBox, type Column, type SetSearch } from './ListControls';
import { FormModal } from './FormModal';
import { errorFor, formFailure, type FormFailure } from './fieldErrors';
import type { ListSearch } from './listSearch';
import { adminActions, adminKeys, adminQueries } from './queries';
import { sessionQueries } from '../session/queries';
import type { AdminUser } from './types';
import { PASSWORD_MIN } from '../../../../contracts/passwords';
import { HIDDEN } from '../../i18n/hidden';

const nameOf = (user: AdminUser) => [user.firstName, user.lastName].filter(Boolean).join(' ') || user.email;

const STATUS_FILTERS = ['active', 'pending', 'suspended', 'admins'] as const;

const STRONG = { strong: <strong /> };

type RightsAction = 'makeAdmin' | 'revokeAdmin' | 'suspend' | 'activate';
type Dialog =
  | { kind: 'create' }
  | { kind: 'invite' }
  | { kind: 'password'; user: AdminUser }
  | { kind: 'delete'; user: AdminUser }
  | { kind: 'rights'; user: AdminUser; action: RightsAction }
  | null;

// What a change of a person's rights does is asked before it is made (docs/decisions.md,
// "Confirming rights"): `users.rights.<action>` holds its title, confirmation and effect.

export function UsersPage({ search, setSearch }: { search: ListSearch; setSearch: SetSearch }) {
  const { t } = useTranslation('admin');
  const statusChips = STATUS_FILTERS.map((value) => ({ value, label: t(`users.filters.${value}`) }));
  const queryClient = useQueryClient();
  const users = useQuery(adminQueries.users(search));
  const me = useQuery(sessionQueries.user()).data;
  const [dialog, setDialog] = useState<Dialog>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: adminKeys.list('users') });

  const act = useMutation({
    mutationFn: ({ user, action }: { user: AdminUser; action: RightsAction }) => adminActions.userAction(user.id, action),
    onSuccess: (_data, { user, action }) => {
      toast.success(t(`users.done.${action}`, { name: nameOf(user) }));
      setDialog(null);
      return refresh();
    },
    onError: (error) => reportActionFailure(t('users.changing'), error),
  });
  const remove = useMutation({
    mutationFn: (user: AdminUser) => adminActions.deleteUser(user.id),
    onSuccess: (_data, user) => {
      toast.success(t('users.deleted', { name: nameOf(user) }));
      setDialog(null);
      return refresh();
    },
    onError: (error) => reportActionFailure(t('users.deleting'), error),
  });

  const columns: Column<AdminUser>[] = [
    { key: 'email', label: t('users.columns.email'), sortable: true, render: (user) => user.email },
    { key: 'lastName', label: t('users.columns.name'), sortable: true, render: (user) => [user.firstName, user.lastName].filter(Boolean).join(' ') || '—' },
    {
      key: 'status',
      label: t('users.columns.status'),
      sortable: true,
      render: (user) => (
        <>
          <span className={`chip${user.status === 'suspended' ? ' chip--warning' : ''}`}>{t(`users.status.${user.status}`)}</span>
          {user.isAdmin ? <span className="chip chip--neutral"> {t('users.adminChip')}</span> : null}
        </>
      ),
    },
    { key: 'createdAt', label: t('users.columns.created'), sortable: true, render: (user) => formatDate(user.createdAt) },
    {
      key: 'actions',
      label: t('users.columns.actions'),
      render: (user) =>
        user.id === me?.id ? (
          // An administrator cannot revoke, suspend or delete themselves (the server refuses it too).
          <span className="button-row">
            <span className="muted">{t('users.you')}</span>
            <button type="button" className="button button--small" onClick={() => setDialog({ kind: 'password', user })}>
              <Trans t={t} i18nKey="users.password" values={{ email: user.email }} components={HIDDEN} shouldUnescape />
            </button>
          </span>
        ) : (
          <span className="button-row">
            <button
              type="button"
              className="button button--small"
              disabled={act.isPending}
              onClick={() => setDialog({ kind: 'rights', user, action: user.isAdmin ? 'revokeAdmin' : 'makeAdmin' })}
            >
              <Trans t={t} i18nKey={user.isAdmin ? 'users.revokeAdmin' : 'users.makeAdmin'} values={{ email: user.email }} components={HIDDEN} shouldUnescape />
            </button>
            <button
              type="button"
              className="button button--small"
              disabled={act.isPending}
              onClick={() => setDialog({ kind: 'rights', user, action: user.status === 'active' ? 'suspend' : 'activate' })}
            >
              <Trans
                t={t}
                i18nKey={user.status === 'active' ? 'users.suspend' : 'users.activate'}
                values={{ email: user.email }}
                components={HIDDEN}
                shouldUnescape
              />
            </button>
            <button type="button" className="button button--small" onClick={() => setDialog({ kind: 'password', user })}>
              <Trans t={t} i18nKey="users.password" values={{ email: user.email }} components={HIDDEN} shouldUnescape />
            </button>
            <button type="button" className="button button--small button--danger" onClick={() => setDialog({ kind: 'delete', user })}>
              <Trans t={t} i18nKey="users.delete" values={{ email: user.email }} components={HIDDEN} shouldUnescape />
            </button>
          </span>
        ),
    },
  ];

  return (
    <>
      <AdminHeader title={t('users.title')}>
        <button type="button" className="button" onClick={() => setDialog({ kind: 'invite' })}>
          {t('users.invite')}
        </button>
        <button type="button" className="button button--primary" onClick={() => setDialog({ kind: 'create' })}>
          {t('users.create')}
        </button>
      </AdminHeader>
      <div className="admin-toolbar">
        <SearchBox search={search} setSearch={setSearch} label={t('users.search')} />
        <FilterChips chips={statusChips} search={search} setSearch={setSearch} label={t('users.show')} />
      </div>
      <PagedTable
        what={t('users.what')}
        query={users}
        columns={columns}
        rowKey={(user) => user.id}
        search={search}
        setSearch={setSearch}
        empty={t('users.empty')}
      />
      {dialog?.kind === 'create' ? <CreateUserModal onDone={refresh} onClose={() => setDialog(null)} /> : null}
      {dialog?.kind === 'invite' ? <InviteUserModal onDone={refresh} onClose={() => setDialog(null)} /> : null}
      {dialog?.kind === 'password' ? <PasswordModal user={dialog.user} onClose={() => setDialog(null)} /> : null}
      {dialog?.kind === 'delete' ? (
        <ConfirmModal
          title={t('users.deleteTitle')}
          confirmLabel={t('users.deleteConfirm')}
          pending={remove.isPending}
          onConfirm={() => remove.mutate(dialog.user)}
          onClose={() => setDialog(null)}
        >
          <p>
            <Trans t={t} i18nKey="users.deleteEffect" values={{ email: dialog.user.email }} components={STRONG} shouldUnescape />
          </p>
        </ConfirmModal>
      ) : null}
      {dialog?.kind === 'rights' ? (
        <ConfirmModal
          title={t(`users.rights.${dialog.action}.title`)}
          confirmLabel={t(`users.rights.${dialog.action}.confirm`)}
          pending={act.isPending}
          onConfirm={() => act.mutate({ user: dialog.user, action: dialog.action })}
          onClose={() => setDialog(null)}
        >
          <p>
            <Trans t={t} i18nKey={`users.rights.${dialog.action}.effect`} values={{ email: dialog.user.email }} components={STRONG} shouldUnescape />
          </p>
        </ConfirmModal>
      ) : null}
    </>
  );
}

const USER_FIELDS = ['email', 'password', 'firstName', 'lastName'] as const;

function CreateUserModal({ onDone, onClose }: { onDone: () => unknown; onClose: () => void }) {
  const { t } = useTranslation('admin');
  const [form, setForm] = useState({ email: '', password: '', firstName: '', lastName: '', isAdmin: false });
  const [failure, setFailure] = useState<FormFailure | null>(null);
  const create = useMutation({
    mutationFn: () => adminActions.createUser(form),
    onSuccess: (user) => {
      toast.success(t('users.created', { email: user.email }));
      onClose();
      return onDone();
    },
    onError: (error) => setFailure(formFailure(t('users.creating'), error, USER_FIELDS)),
  });
  const set = (field: keyof typeof form) => (event: React.ChangeEvent<HTMLInputElement>) =>
    setForm((current) => ({ ...current, [field]: field === 'isAdmin' ? event.target.checked : event.target.value }));
  return (
    <FormModal
      title={t('users.createTitle')}
      submitLabel={t('users.create')}
      pending={create.isPending}
      failure={failure}
      dirty={form.email !== ''}
      onSubmit={() => create.mutate()}
      onClose={onClose}
    >
      <TextField
        label={t('users.fields.email')}
        type="email"
        required
        autoComplete="off"
        value={form.email}
        onChange={set('email')}
        error={errorFor(failure, 'email')}
      />
      <TextField
        label={t('users.fields.password')}
        type="password"
        required
        autoComplete="new-password"
        value={form.password}
        onChange={set('password')}
        error={errorFor(failure, 'password')}
        hint={t('users.passwordHint', { count: PASSWORD_MIN })}
      />
      <TextField label={t('users.fields.firstName')} value={form.firstName} onChange={set('firstName')} error={errorFor(failure, 'firstName')} />
      <TextField label={t('users.fields.lastName')} value={form.lastName} onChange={set('lastName')} error={errorFor(failure, 'lastName')} />
      <label className="checkbox">
        <input type="checkbox" checked={form.isAdmin} onChange={set('isAdmin')} /> {t('users.fields.isAdmin')}
      </label>
    </FormModal>
  );
}

function InviteUserModal({ onDone, onClose }: { onDone: () => unknown; onClose: () => void }) {
  const { t } = useTranslation('admin');
  const [email, setEmail] = useState('');
  const [failure, setFailure] = useState<FormFailure | null>(null);
  const invite = useMutation({
    mutationFn: () => adminActions.inviteUser(email.trim()),
    onSuccess: () => {
      toast.success(t('users.invited', { email: email.trim() }));
      onClose();
      return onDone();
    },
    onError: (error) => setFailure(formFailure(t('users.inviting'), error, ['email'])),
  });
  return (
    <FormModal
      title={t('users.inviteTitle')}
      submitLabel={t('users.inviteSubmit')}
      pending={invite.isPending}
      failure={failure}
      dirty={email !== ''}
      onSubmit={() => invite.mutate()}
      onClose={onClose}
    >
      <p className="muted">{t('users.inviteIntro')}</p>
      <TextField
        label={t('users.fields.email')}
        type="email"
        required
        autoComplete="off"
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        error={errorFor(failure, 'email')}
      />
    </FormModal>
  );
}

function PasswordModal({ user, onClose }: { user: AdminUser; onClose: () => void }) {
  const { t } = useTranslation('admin');
  const [password, setPassword] = useState('');
  const [failure, setFailure] = useState<FormFailure | null>(null);
  const change = useMutation({
    mutationFn: () => adminActions.changePassword(user.id, password),
    onSuccess: () => {
      toast.success(t('users.passwordChanged', { email: user.email }));
      onClose();
    },
    onError: (error) => setFailure(formFailure(t('users.changingPassword'), error, ['password'])),
  });
  return (
    <FormModal
      title={t('users.passwordTitle', { email: user.email })}
      submitLabel={t('users.passwordSubmit')}
      pending={change.isPending}
      failure={failure}
      dirty={password !== ''}
      onSubmit={() => change.mutate()}
      onClose={onClose}
    >
      <p className="muted">{t('users.passwordIntro')}</p>
      <TextField
        label={t('users.fields.newPassword')}
        type="password"
        autoComplete="new-password"
        required
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        error={errorFor(failure, 'password')}
      />
    </FormModal>
  );
}
