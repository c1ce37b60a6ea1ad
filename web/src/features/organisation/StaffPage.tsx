import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
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

const nameOf = (m: StaffMemberView) => `${m.firstName} ${m.lastName}`.trim() || m.email || 'Invited person';

function PermissionsModal({ member, onClose }: { member: StaffMemberView; onClose: () => void }) {
  const [permissions, setPermissions] = useState<StaffPermissions>(member.permissions);
  const edited = useEdited(permissions);
  const [open, setOpen] = useState(true);
  const save = useOrgAction(() => organisationActions.editStaff(member.id, permissions), {
    success: () => `Permissions of ${nameOf(member)} saved`,
    failure: 'Saving the permissions',
    after: onClose,
  });
  return (
    <Modal
      open={open}
      title={`Permissions of ${nameOf(member)}`}
      onClose={onClose}
      dirty={edited && !save.isSuccess}
      footer={
        <>
          <button type="button" className="button" onClick={() => setOpen(false)}>
            Cancel
          </button>
          <button type="button" className="button button--primary" disabled={save.isPending} onClick={() => save.mutate()}>
            Save
          </button>
        </>
      }
    >
      <fieldset className="org-permissions">
        <legend className="visually-hidden">Permissions</legend>
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
  const format = useFormatters();
  const staff = useQuery(organisationQueries.staff());
  const perms = useQuery(organisationQueries.perms());
  const user = useQuery(sessionQueries.user());
  const [email, setEmail] = useState('');
  const [editing, setEditing] = useState<StaffMemberView | null>(null);
  const [removing, setRemoving] = useState<StaffMemberView | null>(null);
  const canManage = perms.data?.manageStaff === true && !perms.data.paused;

  const invite = useOrgAction((address: string) => organisationActions.inviteStaff(address), {
    success: (member) => `Invitation sent to ${member.email}`,
    after: () => setEmail(''),
  });
  const resend = useOrgAction((member: StaffMemberView) => organisationActions.resendStaffInvite(member.id), {
    success: (member) => `Invitation sent again to ${member.email}`,
    failure: 'Sending the invitation again',
  });
  const pause = useOrgAction((member: StaffMemberView) => organisationActions.pauseStaff(member.id, !member.paused), {
    success: (member) => (member.paused ? `${nameOf(member)} is paused` : `${nameOf(member)} is active again`),
    failure: 'Pausing the staff member',
  });
  const remove = useOrgAction((member: StaffMemberView) => organisationActions.removeStaff(member.id), {
    success: () => 'Staff member removed',
    failure: 'Removing the staff member',
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
          <h2 id="invite-staff-title">Invite a staff member</h2>
          <div className="field">
            <label htmlFor="invite-staff-email" className="field__label">
              E-mail address
            </label>
            <input id="invite-staff-email" className="input" type="email" required value={email} onChange={(event) => setEmail(event.target.value)} />
            <p className="field__hint">
              They receive an e-mail and accept within 14 days. New staff work on the company’s vessels and manage nothing until you give them more.
            </p>
          </div>
          {invite.isError ? (
            <p className="form-error" role="alert">
              {failureMessage(invite.error)}
            </p>
          ) : null}
          <div className="button-row">
            <button type="submit" className="button button--primary" disabled={invite.isPending || !email.trim()}>
              Send invitation
            </button>
          </div>
        </form>
      ) : null}
      <section className="card" aria-labelledby="staff-title">
        <h2 id="staff-title">Staff</h2>
        <DelayedSpinner loading={staff.isPending} label="Loading staff…" />
        {staff.isError ? (
          <p className="form-error" role="alert">
            {failureMessage(staff.error, 'The staff could not be loaded.')}
          </p>
        ) : null}
        {staff.isSuccess && staff.data.length === 0 ? <p className="empty-state">No staff yet.</p> : null}
        <ul className="list">
          {(staff.data ?? []).map((member) => (
            <li key={member.id} className="list__item">
              <span>
                <strong>{nameOf(member)}</strong> {nameOf(member) !== member.email ? <span className="muted">{member.email}</span> : null}
                <br />
                <span className="chip chip--neutral">{member.role === 'admin' ? 'Administrator' : 'Staff'}</span>{' '}
                {member.status === 'pending' ? (
                  <span className="chip chip--neutral">Invited · until {member.expiresAt ? format.date(member.expiresAt) : '—'}</span>
                ) : null}
                {member.status === 'expired' ? <span className="chip chip--warning">Invitation expired</span> : null}
                {member.paused ? <span className="chip chip--warning">Paused</span> : null}
              </span>
              {canManage && member.role !== 'admin' && member.userId !== user.data?.id ? (
                <span className="button-row">
                  {member.status !== 'active' ? (
                    <button type="button" className="button button--small" disabled={resend.isPending} onClick={() => resend.mutate(member)}>
                      Send again
                    </button>
                  ) : (
                    <>
                      <button
                        type="button"
                        className="button button--small"
                        onClick={() => setEditing(member)}
                        aria-label={`Edit permissions of ${nameOf(member)}`}
                      >
                        Permissions
                      </button>
                      <button
                        type="button"
                        className="button button--small"
                        disabled={pause.isPending}
                        onClick={() => pause.mutate(member)}
                        aria-label={`${member.paused ? 'Resume' : 'Pause'} ${nameOf(member)}`}
                      >
                        {member.paused ? 'Resume' : 'Pause'}
                      </button>
                    </>
                  )}
                  <button
                    type="button"
                    className="button button--small button--danger"
                    onClick={() => setRemoving(member)}
                    aria-label={`Remove ${nameOf(member)}`}
                  >
                    Remove
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
          title={`Remove ${nameOf(removing)}`}
          confirmLabel="Remove"
          pending={remove.isPending}
          onConfirm={() => remove.mutate(removing)}
          onClose={() => setRemoving(null)}
        >
          <p>
            {nameOf(removing)} leaves the company at once: they lose access to every vessel the company looks after, open screens included. Their notes on
            clients stay.
          </p>
        </ConfirmModal>
      ) : null}
    </>
  );
}
