import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Trans, useTranslation } from 'react-i18next';
import { toast } from '../../app/services';
import { reportActionFailure } from '../../app/failures';
import { profileKeys } from '../profile/queries';
import { useFormatters } from '../profile/usePreferences';
import { sessionKeys } from '../session/queries';
import { orgKeys, organisationActions, organisationQueries } from './queries';
import type { Invitation } from './types';

/** The signed-in person's invitations from companies (as a client or to join the staff); nothing when there are none. */
export function CompanyInvitations() {
  const { t } = useTranslation('organisation');
  const queryClient = useQueryClient();
  const format = useFormatters();
  const invitations = useQuery(organisationQueries.invitations());
  const answer = useMutation({
    mutationFn: ({ invitation, accept }: { invitation: Invitation; accept: boolean }) => organisationActions.answerInvitation(invitation, accept),
    onSuccess: async (_data, { invitation, accept }) => {
      toast.success(
        accept
          ? t(invitation.kind === 'staff' ? 'invitations.joinedStaff' : 'invitations.becameClient', { company: invitation.company.name })
          : t('invitations.declined'),
      );
      await queryClient.invalidateQueries({ queryKey: ['invitations'] });
      // Joining a company's staff changes the home and the navigation (the Organisation entry).
      if (accept && invitation.kind === 'staff')
        await Promise.all([orgKeys.all, sessionKeys.user, profileKeys.navigation].map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    },
    onError: (error) => reportActionFailure(t('invitations.answering'), error),
  });
  const pending = invitations.data ?? [];
  if (pending.length === 0) return null;
  return (
    <section className="card" aria-labelledby="company-invitations-title">
      <h2 id="company-invitations-title">{t('invitations.title')}</h2>
      <ul className="list">
        {pending.map((invitation) => (
          <li key={`${invitation.kind}-${invitation.id}`} className="list__item">
            <span>
              <Trans
                shouldUnescape
                t={t}
                i18nKey={invitation.kind === 'staff' ? 'invitations.staff' : 'invitations.client'}
                values={{ company: invitation.company.name }}
                components={{ company: <strong /> }}
              />
              {invitation.expiresAt ? <span className="muted"> {t('invitations.until', { date: format.date(invitation.expiresAt) })}</span> : null}
            </span>
            <span className="button-row">
              <button type="button" className="button button--small" disabled={answer.isPending} onClick={() => answer.mutate({ invitation, accept: false })}>
                {t('common.decline')}
              </button>
              <button
                type="button"
                className="button button--primary button--small"
                disabled={answer.isPending}
                onClick={() => answer.mutate({ invitation, accept: true })}
              >
                {t('common.accept')}
              </button>
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
