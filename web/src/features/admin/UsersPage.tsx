import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
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
import { PASSWORD_HINT } from '../../../../contracts/passwords';

const nameOf = (user: AdminUser) => [user.firstName, user.lastName].filter(Boolean).join(' ') || user.email;

const STATUS_CHIPS = [
  { value: 'active', label: 'Active' },
  { value: 'pending', label: 'Invited' },
  { value: 'suspended', label: 'Suspended' },
  { value: 'admins', label: 'Administrators' },
];

type RightsAction = 'makeAdmin' | 'revokeAdmin' | 'suspend' | 'activate';
type Dialog =
  | { kind: 'create' }
  | { kind: 'invite' }
  | { kind: 'password'; user: AdminUser }
  | { kind: 'delete'; user: AdminUser }
  | { kind: 'rights'; user: AdminUser; action: RightsAction }
  | null;

/** What a change of a person's rights does, asked before it is made (docs/decisions.md, "Confirming rights"). */
const RIGHTS_QUESTIONS: Record<RightsAction, { title: string; confirm: string; effect: string }> = {
  makeAdmin: {
    title: 'Make this user an administrator?',
    confirm: 'Make administrator',
    effect: 'will be able to see and change everything on the platform: every user, company, vessel and bridge.',
  },
  revokeAdmin: {
    title: 'Revoke administrator rights?',
    confirm: 'Revoke rights',
    effect: 'will lose the administration console and keep only their own vessels and companies.',
  },
  suspend: { title: 'Suspend this user?', confirm: 'Suspend user', effect: 'will be signed out everywhere and cannot sign in until activated again.' },
  activate: { title: 'Activate this user?', confirm: 'Activate user', effect: 'will be able to sign in again with their vessels and companies as before.' },
};

export function UsersPage({ search, setSearch }: { search: ListSearch; setSearch: SetSearch }) {
  const queryClient = useQueryClient();
  const users = useQuery(adminQueries.users(search));
  const me = useQuery(sessionQueries.user()).data;
  const [dialog, setDialog] = useState<Dialog>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: adminKeys.list('users') });

  const act = useMutation({
    mutationFn: ({ user, action }: { user: AdminUser; action: RightsAction }) => adminActions.userAction(user.id, action),
    onSuccess: (_data, { user, action }) => {
      const done = { makeAdmin: 'is now an administrator', revokeAdmin: 'is no longer an administrator', suspend: 'is suspended', activate: 'is active' }[
        action
      ];
      toast.success(`${nameOf(user)} ${done}`);
      setDialog(null);
      return refresh();
    },
    onError: (error) => reportActionFailure('Changing the user', error),
  });
  const remove = useMutation({
    mutationFn: (user: AdminUser) => adminActions.deleteUser(user.id),
    onSuccess: (_data, user) => {
      toast.success(`${nameOf(user)} was deleted`);
      setDialog(null);
      return refresh();
    },
    onError: (error) => reportActionFailure('Deleting the user', error),
  });

  const columns: Column<AdminUser>[] = [
    { key: 'email', label: 'E-mail', sortable: true, render: (user) => user.email },
    { key: 'lastName', label: 'Name', sortable: true, render: (user) => [user.firstName, user.lastName].filter(Boolean).join(' ') || '—' },
    {
      key: 'status',
      label: 'Status',
      sortable: true,
      render: (user) => (
        <>
          <span className={`chip${user.status === 'suspended' ? ' chip--warning' : ''}`}>{user.status === 'pending' ? 'invited' : user.status}</span>
          {user.isAdmin ? <span className="chip chip--neutral"> admin</span> : null}
        </>
      ),
    },
    { key: 'createdAt', label: 'Created', sortable: true, render: (user) => formatDate(user.createdAt) },
    {
      key: 'actions',
      label: 'Actions',
      render: (user) =>
        user.id === me?.id ? (
          // An administrator cannot revoke, suspend or delete themselves (the server refuses it too).
          <span className="button-row">
            <span className="muted">You</span>
            <button type="button" className="button button--small" onClick={() => setDialog({ kind: 'password', user })}>
              Password<span className="visually-hidden"> of {user.email}</span>
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
              {user.isAdmin ? 'Revoke admin' : 'Make admin'}
              <span className="visually-hidden"> {user.email}</span>
            </button>
            <button
              type="button"
              className="button button--small"
              disabled={act.isPending}
              onClick={() => setDialog({ kind: 'rights', user, action: user.status === 'active' ? 'suspend' : 'activate' })}
            >
              {user.status === 'active' ? 'Suspend' : 'Activate'}
              <span className="visually-hidden"> {user.email}</span>
            </button>
            <button type="button" className="button button--small" onClick={() => setDialog({ kind: 'password', user })}>
              Password<span className="visually-hidden"> of {user.email}</span>
            </button>
            <button type="button" className="button button--small button--danger" onClick={() => setDialog({ kind: 'delete', user })}>
              Delete<span className="visually-hidden"> {user.email}</span>
            </button>
          </span>
        ),
    },
  ];

  return (
    <>
      <AdminHeader title="Users">
        <button type="button" className="button" onClick={() => setDialog({ kind: 'invite' })}>
          Invite user
        </button>
        <button type="button" className="button button--primary" onClick={() => setDialog({ kind: 'create' })}>
          Create user
        </button>
      </AdminHeader>
      <div className="admin-toolbar">
        <SearchBox search={search} setSearch={setSearch} label="Search users by e-mail or name" />
        <FilterChips chips={STATUS_CHIPS} search={search} setSearch={setSearch} label="Show users" />
      </div>
      <PagedTable
        what="Users"
        query={users}
        columns={columns}
        rowKey={(user) => user.id}
        search={search}
        setSearch={setSearch}
        empty="There are no users yet."
      />
      {dialog?.kind === 'create' ? <CreateUserModal onDone={refresh} onClose={() => setDialog(null)} /> : null}
      {dialog?.kind === 'invite' ? <InviteUserModal onDone={refresh} onClose={() => setDialog(null)} /> : null}
      {dialog?.kind === 'password' ? <PasswordModal user={dialog.user} onClose={() => setDialog(null)} /> : null}
      {dialog?.kind === 'delete' ? (
        <ConfirmModal
          title="Delete this user?"
          confirmLabel="Delete user"
          pending={remove.isPending}
          onConfirm={() => remove.mutate(dialog.user)}
          onClose={() => setDialog(null)}
        >
          <p>
            <strong>{dialog.user.email}</strong> will be deleted with their account, sessions and vessel memberships. This cannot be undone.
          </p>
        </ConfirmModal>
      ) : null}
      {dialog?.kind === 'rights' ? (
        <ConfirmModal
          title={RIGHTS_QUESTIONS[dialog.action].title}
          confirmLabel={RIGHTS_QUESTIONS[dialog.action].confirm}
          pending={act.isPending}
          onConfirm={() => act.mutate({ user: dialog.user, action: dialog.action })}
          onClose={() => setDialog(null)}
        >
          <p>
            <strong>{dialog.user.email}</strong> {RIGHTS_QUESTIONS[dialog.action].effect}
          </p>
        </ConfirmModal>
      ) : null}
    </>
  );
}

const USER_FIELDS = ['email', 'password', 'firstName', 'lastName'] as const;

function CreateUserModal({ onDone, onClose }: { onDone: () => unknown; onClose: () => void }) {
  const [form, setForm] = useState({ email: '', password: '', firstName: '', lastName: '', isAdmin: false });
  const [failure, setFailure] = useState<FormFailure | null>(null);
  const create = useMutation({
    mutationFn: () => adminActions.createUser(form),
    onSuccess: (user) => {
      toast.success(`${user.email} was created`);
      onClose();
      return onDone();
    },
    onError: (error) => setFailure(formFailure('Creating the user', error, USER_FIELDS)),
  });
  const set = (field: keyof typeof form) => (event: React.ChangeEvent<HTMLInputElement>) =>
    setForm((current) => ({ ...current, [field]: field === 'isAdmin' ? event.target.checked : event.target.value }));
  return (
    <FormModal
      title="Create a user"
      submitLabel="Create user"
      pending={create.isPending}
      failure={failure}
      dirty={form.email !== ''}
      onSubmit={() => create.mutate()}
      onClose={onClose}
    >
      <TextField label="E-mail" type="email" required autoComplete="off" value={form.email} onChange={set('email')} error={errorFor(failure, 'email')} />
      <TextField
        label="Password"
        type="password"
        required
        autoComplete="new-password"
        value={form.password}
        onChange={set('password')}
        error={errorFor(failure, 'password')}
        hint={PASSWORD_HINT}
      />
      <TextField label="First name" value={form.firstName} onChange={set('firstName')} error={errorFor(failure, 'firstName')} />
      <TextField label="Last name" value={form.lastName} onChange={set('lastName')} error={errorFor(failure, 'lastName')} />
      <label className="checkbox">
        <input type="checkbox" checked={form.isAdmin} onChange={set('isAdmin')} /> Platform administrator
      </label>
    </FormModal>
  );
}

function InviteUserModal({ onDone, onClose }: { onDone: () => unknown; onClose: () => void }) {
  const [email, setEmail] = useState('');
  const [failure, setFailure] = useState<FormFailure | null>(null);
  const invite = useMutation({
    mutationFn: () => adminActions.inviteUser(email.trim()),
    onSuccess: () => {
      toast.success(`An invitation was sent to ${email.trim()}`);
      onClose();
      return onDone();
    },
    onError: (error) => setFailure(formFailure('Inviting the user', error, ['email'])),
  });
  return (
    <FormModal
      title="Invite a user"
      submitLabel="Send invitation"
      pending={invite.isPending}
      failure={failure}
      dirty={email !== ''}
      onSubmit={() => invite.mutate()}
      onClose={onClose}
    >
      <p className="muted">They receive an e-mail with a link to choose their password.</p>
      <TextField
        label="E-mail"
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
  const [password, setPassword] = useState('');
  const [failure, setFailure] = useState<FormFailure | null>(null);
  const change = useMutation({
    mutationFn: () => adminActions.changePassword(user.id, password),
    onSuccess: () => {
      toast.success(`The password of ${user.email} was changed; their sessions ended`);
      onClose();
    },
    onError: (error) => setFailure(formFailure('Changing the password', error, ['password'])),
  });
  return (
    <FormModal
      title={`New password for ${user.email}`}
      submitLabel="Change password"
      pending={change.isPending}
      failure={failure}
      dirty={password !== ''}
      onSubmit={() => change.mutate()}
      onClose={onClose}
    >
      <p className="muted">All of their sessions end; they sign in again with the new password.</p>
      <TextField
        label="New password"
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
