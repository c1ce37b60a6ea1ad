import { useState, type FormEvent } from 'react';
import { TextField } from '../forms/Field';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from '../../app/services';
import { reportActionFailure } from '../../app/failures';
import { DelayedSpinner } from '../loading/DelayedSpinner';
import { vesselKeys } from '../vessels/queries';
import { useFormatters } from '../profile/usePreferences';
import { AccessRequests } from './AccessRequests';
import { CompanyAccessModal } from './CompanyAccessModal';
import { PermissionsModal } from './PermissionsModal';
import { ConfirmModal } from '../modal/ConfirmModal';
import { accessActions, memberActions, memberQueries } from './queries';
import { type CompanyMember, isCompany, memberKey, memberName, type Member } from './types';
import './members.css';
import { RetryButton } from '../errors/RetryButton';

const WINDOW_CHIPS = { current: '', scheduled: 'chip--neutral', expired: 'chip--warning' } as const;

/** A company grant's window in words: "Until 12/12/2026, 18:00:00 CET", "From …", "Ended …". */
function CompanyWindow({ grant }: { grant: CompanyMember }) {
  const format = useFormatters();
  const text =
    grant.window === 'scheduled'
      ? `Scheduled from ${format.dateTime(grant.startsAt!)}${grant.endsAt ? ` until ${format.dateTime(grant.endsAt)}` : ''}`
      : grant.window === 'expired'
        ? `Ended ${format.dateTime(grant.endsAt!)}`
        : grant.endsAt
          ? `Current until ${format.dateTime(grant.endsAt)}`
          : 'Current, until revoked';
  return (
    <span className="member__window">
      <span className={`chip ${WINDOW_CHIPS[grant.window]}`.trim()}>{text}</span>
      <span className="muted">{grant.firstUsedAt ? `First used ${format.dateTime(grant.firstUsedAt)}` : 'Not used yet'}</span>
    </span>
  );
}

export function UsersTab({ vesselId, canManage, canGrantCompanies }: { vesselId: number; canManage: boolean; canGrantCompanies: boolean }) {
  const queryClient = useQueryClient();
  const directory = useQuery(memberQueries.directory(vesselId));
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [editing, setEditing] = useState<Member | null>(null);
  /** The company grant open in the access dialog; 'new' gives a company access. */
  const [granting, setGranting] = useState<CompanyMember | 'new' | null>(null);
  const [revoking, setRevoking] = useState<Member | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: vesselKeys.section(vesselId, 'directory') });

  const add = useMutation({
    mutationFn: (address: string) => memberActions.add(vesselId, address, name.trim()),
    onSuccess: () => {
      toast.success('Invitation sent');
      setEmail('');
      setName('');
      return refresh();
    },
    onError: (error) => reportActionFailure('Inviting the user', error),
  });
  const pause = useMutation({
    mutationFn: (member: Member) => accessActions.pause(vesselId, member, !member.paused),
    onSuccess: (_data, member) => {
      toast.success(member.paused ? 'Access resumed' : 'Access paused');
      return refresh();
    },
    onError: (error) => reportActionFailure('Pausing the user', error),
  });
  const revoke = useMutation({
    mutationFn: (member: Member) => accessActions.revoke(vesselId, member),
    onSuccess: () => {
      toast.success('Access revoked');
      setRevoking(null);
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
        <form className="card form" onSubmit={submit} aria-labelledby="invite-title">
          <h2 id="invite-title">Invite someone</h2>
          <div className="form__row">
            <TextField label="E-mail" type="email" required value={email} onChange={(event) => setEmail(event.target.value)} autoComplete="off" />
            <TextField
              label="Name"
              maxLength={100}
              value={name}
              onChange={(event) => setName(event.target.value)}
              autoComplete="off"
              hint="How the crew will know them until they accept, for example Marco (skipper)."
            />
          </div>
          <div className="button-row">
            <button type="submit" className="button button--primary" disabled={add.isPending}>
              Invite
            </button>
          </div>
        </form>
      ) : null}
      {canManage ? <AccessRequests vesselId={vesselId} /> : null}
      {canGrantCompanies ? (
        <p>
          <button type="button" className="button" onClick={() => setGranting('new')}>
            Give a company access
          </button>
        </p>
      ) : null}
      <DelayedSpinner loading={directory.isPending} label="Loading users…" />
      {directory.isError ? (
        <p className="form-error" role="alert">
          The users could not be loaded. <RetryButton error={directory.error} onRetry={() => directory.refetch()} />
        </p>
      ) : null}
      {directory.isSuccess && directory.data.length <= 1 ? <p className="empty-state">Nobody else has access to this vessel yet.</p> : null}
      <ul className="list">
        {(directory.data ?? []).map((member) => {
          const name = memberName(member);
          const isOwner = member.role === 'owner';
          const detail = isCompany(member) ? member.companyKind : member.email !== name ? member.email : null;
          return (
            <li key={memberKey(member)} className="list__item member">
              <span>
                <strong>{name}</strong>
                {detail ? <span className={isCompany(member) ? 'muted capitalize' : 'muted'}> · {detail}</span> : null}
                <span className="member__badges">
                  <span className="chip capitalize">{member.role}</span>
                  {member.pending ? <span className="chip chip--neutral">Invitation pending</span> : null}
                  {member.paused ? <span className="chip chip--warning">Paused</span> : null}
                </span>
                {isCompany(member) ? <CompanyWindow grant={member} /> : null}
              </span>
              {canManage && !isOwner ? (
                <span className="button-row">
                  {isCompany(member) ? (
                    canGrantCompanies ? (
                      <button type="button" className="button button--small" onClick={() => setGranting(member)} aria-label={`Edit the access of ${name}`}>
                        Edit access
                      </button>
                    ) : null
                  ) : (
                    <button type="button" className="button button--small" onClick={() => setEditing(member)} aria-label={`Permissions of ${name}`}>
                      Permissions
                    </button>
                  )}
                  <button type="button" className="button button--small" disabled={pause.isPending} onClick={() => pause.mutate(member)}>
                    {member.paused ? 'Resume' : 'Pause'}
                  </button>
                  <button
                    type="button"
                    className="button button--small button--danger"
                    onClick={() => setRevoking(member)}
                    aria-label={`Revoke the access of ${name}`}
                  >
                    Revoke
                  </button>
                </span>
              ) : null}
            </li>
          );
        })}
      </ul>
      {revoking ? (
        <ConfirmModal
          title="Revoke access"
          confirmLabel="Revoke"
          pending={revoke.isPending}
          onConfirm={() => revoke.mutate(revoking)}
          onClose={() => setRevoking(null)}
        >
          <p>{memberName(revoking)} will lose access to this vessel and its permission set is removed. To let them back in, invite them again.</p>
        </ConfirmModal>
      ) : null}
      {editing ? <PermissionsModal vesselId={vesselId} member={editing} onClose={() => setEditing(null)} /> : null}
      {granting ? (
        <CompanyAccessModal
          vesselId={vesselId}
          grant={granting === 'new' ? undefined : granting}
          present={(directory.data ?? []).flatMap((member) => (isCompany(member) ? [member.companyId] : []))}
          onClose={() => setGranting(null)}
        />
      ) : null}
    </div>
  );
}
