import { useState, type FormEvent } from 'react';
import { TextField } from '../forms/Field';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
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
  const { t } = useTranslation('members');
  const format = useFormatters();
  const text =
    grant.window === 'scheduled'
      ? grant.endsAt
        ? t('window.scheduledUntil', { from: format.dateTime(grant.startsAt!), until: format.dateTime(grant.endsAt) })
        : t('window.scheduled', { from: format.dateTime(grant.startsAt!) })
      : grant.window === 'expired'
        ? t('window.ended', { time: format.dateTime(grant.endsAt!) })
        : grant.endsAt
          ? t('window.currentUntil', { until: format.dateTime(grant.endsAt) })
          : t('window.current');
  return (
    <span className="member__window">
      <span className={`chip ${WINDOW_CHIPS[grant.window]}`.trim()}>{text}</span>
      <span className="muted">{grant.firstUsedAt ? t('window.firstUsed', { time: format.dateTime(grant.firstUsedAt) }) : t('window.notUsed')}</span>
    </span>
  );
}

export function UsersTab({ vesselId, canManage, canGrantCompanies }: { vesselId: number; canManage: boolean; canGrantCompanies: boolean }) {
  const { t } = useTranslation('members');
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
      toast.success(t('users.invited'));
      setEmail('');
      setName('');
      return refresh();
    },
    onError: (error) => reportActionFailure(t('users.inviting'), error),
  });
  const pause = useMutation({
    mutationFn: (member: Member) => accessActions.pause(vesselId, member, !member.paused),
    onSuccess: (_data, member) => {
      toast.success(member.paused ? t('users.resumed') : t('users.paused'));
      return refresh();
    },
    onError: (error) => reportActionFailure(t('users.pausing'), error),
  });
  const revoke = useMutation({
    mutationFn: (member: Member) => accessActions.revoke(vesselId, member),
    onSuccess: () => {
      toast.success(t('users.revoked'));
      setRevoking(null);
      return refresh();
    },
    onError: (error) => reportActionFailure(t('users.revoking'), error),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (email.trim()) add.mutate(email.trim());
  };

  return (
    <div className="users">
      {canManage ? (
        <form className="card form" onSubmit={submit} aria-labelledby="invite-title">
          <h2 id="invite-title">{t('users.inviteTitle')}</h2>
          <div className="form__row">
            <TextField label={t('users.email')} type="email" required value={email} onChange={(event) => setEmail(event.target.value)} autoComplete="off" />
            <TextField
              label={t('users.name')}
              maxLength={100}
              value={name}
              onChange={(event) => setName(event.target.value)}
              autoComplete="off"
              hint={t('users.nameHint')}
            />
          </div>
          <div className="button-row">
            <button type="submit" className="button button--primary" disabled={add.isPending}>
              {t('users.invite')}
            </button>
          </div>
        </form>
      ) : null}
      {canManage ? <AccessRequests vesselId={vesselId} /> : null}
      {canGrantCompanies ? (
        <p>
          <button type="button" className="button" onClick={() => setGranting('new')}>
            {t('company.give')}
          </button>
        </p>
      ) : null}
      <DelayedSpinner loading={directory.isPending} label={t('users.loading')} />
      {directory.isError ? (
        <p className="form-error" role="alert">
          {t('users.loadFailed')} <RetryButton error={directory.error} onRetry={() => directory.refetch()} />
        </p>
      ) : null}
      {directory.isSuccess && directory.data.length <= 1 ? <p className="empty-state">{t('users.empty')}</p> : null}
      <ul className="list">
        {(directory.data ?? []).map((member) => {
          const name = memberName(member);
          const isOwner = member.role === 'owner';
          const detail = isCompany(member)
            ? member.companyKind && t(`kinds.${member.companyKind}`, { defaultValue: member.companyKind })
            : member.email !== name
              ? member.email
              : null;
          return (
            <li key={memberKey(member)} className="list__item member">
              <span>
                <strong>{name}</strong>
                {detail ? <span className={isCompany(member) ? 'muted capitalize' : 'muted'}> · {detail}</span> : null}
                <span className="member__badges">
                  <span className="chip capitalize">{t(`roles.${member.role}`, { defaultValue: member.role })}</span>
                  {member.pending ? <span className="chip chip--neutral">{t('users.pending')}</span> : null}
                  {member.paused ? <span className="chip chip--warning">{t('users.pausedChip')}</span> : null}
                </span>
                {isCompany(member) ? <CompanyWindow grant={member} /> : null}
              </span>
              {canManage && !isOwner ? (
                <span className="button-row">
                  {isCompany(member) ? (
                    canGrantCompanies ? (
                      <button type="button" className="button button--small" onClick={() => setGranting(member)} aria-label={t('users.editAccessOf', { name })}>
                        {t('users.editAccess')}
                      </button>
                    ) : null
                  ) : (
                    <button type="button" className="button button--small" onClick={() => setEditing(member)} aria-label={t('dialog.permissionsOf', { name })}>
                      {t('users.permissions')}
                    </button>
                  )}
                  <button type="button" className="button button--small" disabled={pause.isPending} onClick={() => pause.mutate(member)}>
                    {member.paused ? t('users.resume') : t('users.pause')}
                  </button>
                  <button
                    type="button"
                    className="button button--small button--danger"
                    onClick={() => setRevoking(member)}
                    aria-label={t('users.revokeOf', { name })}
                  >
                    {t('users.revoke')}
                  </button>
                </span>
              ) : null}
            </li>
          );
        })}
      </ul>
      {revoking ? (
        <ConfirmModal
          title={t('users.revokeTitle')}
          confirmLabel={t('users.revoke')}
          pending={revoke.isPending}
          onConfirm={() => revoke.mutate(revoking)}
          onClose={() => setRevoking(null)}
        >
          <p>{t('users.revokeText', { name: memberName(revoking) })}</p>
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
