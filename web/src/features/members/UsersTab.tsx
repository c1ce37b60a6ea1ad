import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from '../../app/services';
import { reportActionFailure } from '../../app/failures';
import { DelayedSpinner } from '../loading/DelayedSpinner';
import { vesselKeys } from '../vessels/queries';
import { PermissionsModal } from './PermissionsModal';
import { memberActions, memberQueries } from './queries';
import type { Member } from './types';
import './members.css';

export function UsersTab({ vesselId, canManage }: { vesselId: number; canManage: boolean }) {
  const queryClient = useQueryClient();
  const directory = useQuery(memberQueries.directory(vesselId));
  const [email, setEmail] = useState('');
  const [editing, setEditing] = useState<Member | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: vesselKeys.section(vesselId, 'directory') });

  const add = useMutation({
    mutationFn: (address: string) => memberActions.add(vesselId, address),
    onSuccess: () => {
      toast.success('Invitation sent');
      setEmail('');
      return refresh();
    },
    onError: (error) => reportActionFailure('Inviting the user', error),
  });
  const pause = useMutation({
    mutationFn: (member: Member) => memberActions.pause(vesselId, member.userId, !member.paused),
    onSuccess: (_data, member) => {
      toast.success(member.paused ? 'Access resumed' : 'Access paused');
      return refresh();
    },
    onError: (error) => reportActionFailure('Pausing the user', error),
  });
  const revoke = useMutation({
    mutationFn: (member: Member) => memberActions.revoke(vesselId, member.userId),
    onSuccess: () => {
      toast.success('Access revoked');
      return refresh();
    },
    onError: (error) => reportActionFailure('Revoking access', error),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (email.trim()) add.mutate(email.trim());
  };

  return (
    <div className="users">
      {canManage ? (
        <form className="card form form--inline" onSubmit={submit}>
          <label htmlFor="invite-email" className="field__label">
            Invite a user by e-mail
          </label>
          <div className="input-group">
            <input id="invite-email" className="input" type="email" required value={email} onChange={(event) => setEmail(event.target.value)} autoComplete="off" />
            <button type="submit" className="button button--primary" disabled={add.isPending}>
              Invite
            </button>
          </div>
        </form>
      ) : null}
      <DelayedSpinner loading={directory.isPending} label="Loading users…" />
      {directory.isError ? <p className="form-error" role="alert">The users could not be loaded.</p> : null}
      <ul className="list">
        {(directory.data ?? []).map((member) => {
          const name = [member.firstName, member.lastName].filter(Boolean).join(' ');
          const isOwner = member.role === 'owner';
          return (
            <li key={member.userId} className="list__item member">
              <span>
                <strong>{name || member.email}</strong>
                {name ? <span className="muted"> · {member.email}</span> : null}
                <span className="member__badges">
                  <span className="chip capitalize">{member.role}</span>
                  {member.pending ? <span className="chip chip--neutral">Invitation pending</span> : null}
                  {member.paused ? <span className="chip chip--warning">Paused</span> : null}
                </span>
              </span>
              {canManage && !isOwner ? (
                <span className="button-row">
                  <button type="button" className="button button--small" onClick={() => setEditing(member)}>
                    Permissions
                  </button>
                  <button type="button" className="button button--small" disabled={pause.isPending} onClick={() => pause.mutate(member)}>
                    {member.paused ? 'Resume' : 'Pause'}
                  </button>
                  <button type="button" className="button button--small button--danger" disabled={revoke.isPending} onClick={() => revoke.mutate(member)}>
                    Revoke
                  </button>
                </span>
              ) : null}
            </li>
          );
        })}
      </ul>
      {editing ? <PermissionsModal vesselId={vesselId} member={editing} onClose={() => setEditing(null)} /> : null}
    </div>
  );
}
