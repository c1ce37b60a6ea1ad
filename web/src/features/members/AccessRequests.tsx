import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Trans, useTranslation } from 'react-i18next';
import { toast } from '../../app/services';
import { reportActionFailure } from '../../app/failures';
import { DelayedSpinner } from '../loading/DelayedSpinner';
import { useFormatters } from '../profile/usePreferences';
import { vesselKeys } from '../vessels/queries';
import { NO_PERMISSIONS } from '../vessels/types';
import { PermissionsDialog } from './PermissionsModal';
import { memberActions, memberQueries } from './queries';
import type { AccessRequest } from './types';
import './members.css';
import { RetryButton } from '../errors/RetryButton';

const requesterName = (request: AccessRequest) => [request.firstName, request.lastName].filter(Boolean).join(' ') || request.email;

/** The link the owner shares so that someone can ask for access (they cannot find the vessel otherwise). */
export const requestAccessLink = (vesselId: number) => `${window.location.origin}/dashboard/request-access/${vesselId}`;

/** The open requests for access, on the Users tab of those who manage users: grant with chosen permissions, or decline. */
export function AccessRequests({ vesselId }: { vesselId: number }) {
  const { t } = useTranslation('members');
  const queryClient = useQueryClient();
  const format = useFormatters();
  const requests = useQuery(memberQueries.accessRequests(vesselId));
  const [granting, setGranting] = useState<AccessRequest | null>(null);
  const decline = useMutation({
    mutationFn: (request: AccessRequest) => memberActions.declineRequest(vesselId, request.requestId),
    onSuccess: () => {
      toast.success(t('requests.declined'));
      return queryClient.invalidateQueries({ queryKey: vesselKeys.section(vesselId, 'accessRequests') });
    },
    onError: (error) => reportActionFailure(t('requests.declining'), error),
  });
  const link = requestAccessLink(vesselId);
  const copy = () =>
    navigator.clipboard.writeText(link).then(
      () => toast.success(t('requests.copied')),
      () => toast.error(t('requests.copyFailed')),
    );

  return (
    <section className="card access-requests" aria-labelledby="access-requests-title">
      <h2 id="access-requests-title">{t('requests.title')}</h2>
      <p className="muted">
        <Trans t={t} shouldUnescape i18nKey="requests.share" values={{ link }} components={{ url: <code className="access-requests__link" /> }} />{' '}
        <button type="button" className="button button--small" onClick={() => void copy()}>
          {t('requests.copy')}
        </button>
      </p>
      <DelayedSpinner loading={requests.isPending} label={t('requests.loading')} />
      {requests.isError ? (
        <p className="form-error" role="alert">
          {t('requests.loadFailed')} <RetryButton error={requests.error} onRetry={() => requests.refetch()} />
        </p>
      ) : null}
      {requests.isSuccess && requests.data.length === 0 ? <p className="empty-state">{t('requests.empty')}</p> : null}
      <ul className="list">
        {(requests.data ?? []).map((request) => {
          const name = requesterName(request);
          return (
            <li key={request.requestId} className="list__item member">
              <span>
                <strong>{name}</strong>
                {request.email !== name ? <span className="muted"> · {request.email}</span> : null}
                <span className="muted"> · {t('requests.asked', { time: format.dateTime(request.requestedAt) })}</span>
                {request.message ? <span className="access-requests__message">“{request.message}”</span> : null}
              </span>
              <span className="button-row">
                <button
                  type="button"
                  className="button button--small button--primary"
                  onClick={() => setGranting(request)}
                  aria-label={t('requests.grantTo', { name })}
                >
                  {t('requests.grant')}
                </button>
                <button
                  type="button"
                  className="button button--small"
                  disabled={decline.isPending}
                  onClick={() => decline.mutate(request)}
                  aria-label={t('requests.declineOf', { name })}
                >
                  {t('requests.decline')}
                </button>
              </span>
            </li>
          );
        })}
      </ul>
      {granting ? (
        <PermissionsDialog
          vesselId={vesselId}
          title={t('requests.grantTo', { name: requesterName(granting) })}
          initial={NO_PERMISSIONS}
          saveLabel={t('requests.grantAccess')}
          saved={t('requests.granted')}
          action={t('requests.granting')}
          save={(permissions) => memberActions.grant(vesselId, granting.userId, permissions)}
          onClose={() => setGranting(null)}
        />
      ) : null}
    </section>
  );
}
