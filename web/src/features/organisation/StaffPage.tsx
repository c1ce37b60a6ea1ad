import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { i18n } from '../../i18n';
import { failureMessage } from '../../lib/failureMessage';
import { useEdited } from '../forms/edited';
import { DelayedSpinner } from '../loading/DelayedSpinner';
import { ConfirmModal } from '../modal/ConfirmModal';
import { Modal } from '../modal/Modal';
import { useFormatters } from '../profile/usePreferences';
import { sessionQueries } from '../session/queries';
import { organisationActions, organisationQueries } from './queries';
import { useOrgAction } from './useOrgAction';
import { STAFF_PERMISSION_LABELS, STAFF_PERMISSIONS, type StaffMemberView, type StaffPermissions } from './types';

const nameOf = (m: StaffMemberView) => `${m.firstName} ${m.lastName}`.trim() || m.email || i18n.t('organisation:common.invitedPerson');

function PermissionsModal({ member, onClose }: { member: StaffMemberView; onClose: () => void }) {
  const { t } = useTranslation('organisation');
  const [permissions, setPermissions] = useState<StaffPermissions>(member.permissions);
  const edited = useEdited(permissions);
  const [open, setOpen] = useState(true);
  const save = useOrgAction(() => organisationActions.editStaff(member.id, permissions), {
    success: () => t('staff.permissionsSaved', { name: nameOf(member) }),
    failure: t('staff.savingPermissions'),
    after: onClose,
  });
  return (
    <Modal
      open={open}
      title={t('staff.permissionsOf', { name: nameOf(member) })}
      onClose={onClose}
      dirty={edited && !save.isSuccess}
      footer={
        <>
          <button type="button" className="button" onClick={() => setOpen(false)}>
            {t('staff.cancel')}
          </button>
          <button type="button" className="button button--primary" disabled={save.isPending} onClick={() => save.mutate()}>
            {t('staff.save')}
          </button>
        </>
      }
    >
      <fieldset className="org-permissions">
        <legend className="visually-hidden">{t('staff.permissions')}</legend>
        {STAFF_PERMISSIONS.map((p) => (
          <label key={p} className="checkbox">
            <input type="checkbox" checked={permissions[p]} onChange={(event) => setPermissions({ ...permissions, [p]: event.target.checked })} />{' '}
            {STAFF_PERMISSION_LABELS[p]}
          </label>
        ))}
      </fieldset>
    </Modal>
  );
}

/** The company's staff: invite by e-mail, pause or resume, edit permissions, remove (asks first). */
export function StaffPage() {
  const { t } = useTranslation('organisation');
  const format = useFormatters();
  const staff = useQuery(organisationQueries.staff());
  const perms = useQuery(organisationQueries.perms());
  const user = useQuery(sessionQueries.user());
  const [email, setEmail] = useState('');
  const [editing, setEditing] = useState<StaffMemberView | null>(null);
  const [removing, setRemoving] = useState<StaffMemberView | null>(null);
  const canManage = perms.data?.manageStaff === true && !perms.data.paused;

  const invite = useOrgAction((address: string) => organisationActions.inviteStaff(address), {
    success: (member) => t('common.invitationSent', { email: member.email ?? '' }),
    after: () => setEmail(''),
  });
  const resend = useOrgAction((member: StaffMemberView) => organisationActions.resendStaffInvite(member.id), {
    success: (member) => t('common.invitationSentAgain', { email: member.email ?? '' }),
    failure: t('common.sendingAgain'),
  });
  const pause = useOrgAction((member: StaffMemberView) => organisationActions.pauseStaff(member.id, !member.paused), {
    success: (member) => (member.paused ? t('staff.isPaused', { name: nameOf(member) }) : t('staff.isActiveAgain', { name: nameOf(member) })),
    failure: t('staff.pausing'),
  });
  const remove = useOrgAction((member: StaffMemberView) => organisationActions.removeStaff(member.id), {
    success: () => t('staff.removed'),
    failure: t('staff.removing'),
    after: () => setRemoving(null),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (email.trim()) invite.mutate(email.trim());
  };

  return (
    <>
      {canManage ? (
        <form className="card form" onSubmit={submit} aria-labelledby="invite-staff-title">
          <h2 id="invite-staff-title">{t('staff.inviteTitle')}</h2>
          <div className="field">
            <label htmlFor="invite-staff-email" className="field__label">
              {t('staff.emailAddress')}
            </label>
            <input id="invite-staff-email" className="input" type="email" required value={email} onChange={(event) => setEmail(event.target.value)} />
            <p className="field__hint">{t('staff.inviteHint')}</p>
          </div>
          {invite.isError ? (
            <p className="form-error" role="alert">
              {failureMessage(invite.error)}
            </p>
          ) : null}
          <div className="button-row">
            <button type="submit" className="button button--primary" disabled={invite.isPending || !email.trim()}>
              {t('common.sendInvitation')}
            </button>
          </div>
        </form>
      ) : null}
      <section className="card" aria-labelledby="staff-title">
        <h2 id="staff-title">{t('staff.title')}</h2>
        <DelayedSpinner loading={staff.isPending} label={t('staff.loading')} />
        {staff.isError ? (
          <p className="form-error" role="alert">
            {failureMessage(staff.error, t('staff.failed'))}
          </p>
        ) : null}
        {staff.isSuccess && staff.data.length === 0 ? <p className="empty-state">{t('staff.empty')}</p> : null}
        <ul className="list">
          {(staff.data ?? []).map((member) => (
            <li key={member.id} className="list__item">
              <span>
                <strong>{nameOf(member)}</strong> {nameOf(member) !== member.email ? <span className="muted">{member.email}</span> : null}
                <br />
                <span className="chip chip--neutral">{member.role === 'admin' ? t('staff.administrator') : t('staff.member')}</span>{' '}
                {member.status === 'pending' ? (
                  <span className="chip chip--neutral">{t('common.invitedUntil', { date: member.expiresAt ? format.date(member.expiresAt) : '—' })}</span>
                ) : null}
                {member.status === 'expired' ? <span className="chip chip--warning">{t('common.invitationExpired')}</span> : null}
                {member.paused ? <span className="chip chip--warning">{t('staff.paused')}</span> : null}
              </span>
              {canManage && member.role !== 'admin' && member.userId !== user.data?.id ? (
                <span className="button-row">
                  {member.status !== 'active' ? (
                    <button type="button" className="button button--small" disabled={resend.isPending} onClick={() => resend.mutate(member)}>
                      {t('common.sendAgain')}
                    </button>
                  ) : (
                    <>
                      <button
                        type="button"
                        className="button button--small"
                        onClick={() => setEditing(member)}
                        aria-label={t('staff.editPermissionsOf', { name: nameOf(member) })}
                      >
                        {t('staff.permissions')}
                      </button>
                      <button
                        type="button"
                        className="button button--small"
                        disabled={pause.isPending}
                        onClick={() => pause.mutate(member)}
                        aria-label={t(member.paused ? 'staff.resumeName' : 'staff.pauseName', { name: nameOf(member) })}
                      >
                        {member.paused ? t('staff.resume') : t('staff.pause')}
                      </button>
                    </>
                  )}
                  <button
                    type="button"
                    className="button button--small button--danger"
                    onClick={() => setRemoving(member)}
                    aria-label={t('staff.removeName', { name: nameOf(member) })}
                  >
                    {t('staff.remove')}
                  </button>
                </span>
              ) : null}
            </li>
          ))}
        </ul>
      </section>
      {editing ? <PermissionsModal member={editing} onClose={() => setEditing(null)} /> : null}
      {removing ? (
        <ConfirmModal
          title={t('staff.removeName', { name: nameOf(removing) })}
          confirmLabel={t('staff.remove')}
          pending={remove.isPending}
          onConfirm={() => remove.mutate(removing)}
          onClose={() => setRemoving(null)}
        >
          <p>{t('staff.removeText', { name: nameOf(removing) })}</p>
        </ConfirmModal>
      ) : null}
    </>
  );
}
