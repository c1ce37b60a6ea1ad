import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { session, toast } from '../../app/services';
import { reportActionFailure } from '../../app/failures';
import { messageKeys } from '../messages/queries';
import { Modal } from '../modal/Modal';
import { vesselActions, vesselKeys, vesselQueries } from './queries';

/** Pending vessel invitations, offered once per session until the user turns the modal off. */
export function InvitationModal() {
  const { t } = useTranslation('vessels');
  const queryClient = useQueryClient();
  const wanted = useSelector(session, (state) => state.hasTag('authenticated') && state.context.showInvitationModal && !state.context.invitationModalDisabled);
  const invitations = useQuery({ ...vesselQueries.pendingInvitations(), enabled: wanted });
  const accept = useMutation({
    mutationFn: vesselActions.acceptInvitation,
    onSuccess: () => {
      toast.success(t('invitations.accepted'));
      void queryClient.invalidateQueries({ queryKey: ['invitations'] });
      void queryClient.invalidateQueries({ queryKey: vesselKeys.all, exact: true });
      // Threads about the vessel that waited for the acceptance are theirs now.
      void queryClient.invalidateQueries({ queryKey: messageKeys.all });
    },
    onError: (error) => reportActionFailure(t('invitations.accepting'), error),
  });

  const pending = invitations.data ?? [];
  return (
    <Modal
      open={wanted && pending.length > 0}
      title={t('invitations.title')}
      onClose={() => session.send({ type: 'INVITATION_MODAL.CLOSE' })}
      footer={
        <button type="button" className="button button--ghost" onClick={() => session.send({ type: 'INVITATION_MODAL.DISABLE' })}>
          {t('invitations.dontShow')}
        </button>
      }
    >
      <p>{t('invitations.text', { count: pending.length })}</p>
      <ul className="list">
        {pending.map((invitation) => (
          <li key={invitation.vesselId} className="list__item">
            <span>
              <strong>{invitation.vesselName}</strong>
              {invitation.invitedBy ? <span className="muted"> {t('invitations.from', { name: invitation.invitedBy })}</span> : null}
            </span>
            <button
              type="button"
              className="button button--primary button--small"
              disabled={accept.isPending}
              onClick={() => accept.mutate(invitation.vesselId)}
            >
              {t('invitations.accept')}
            </button>
          </li>
        ))}
      </ul>
    </Modal>
  );
}
