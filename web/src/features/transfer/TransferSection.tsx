import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Trans, useTranslation } from 'react-i18next';
import { toast } from '../../app/services';
import { reportActionFailure } from '../../app/failures';
import { failureMessage } from '../../lib/failureMessage';
import { RetryButton } from '../errors/RetryButton';
import { TextField } from '../forms/Field';
import { DelayedSpinner } from '../loading/DelayedSpinner';
import { CodeConfirmModal } from '../modal/CodeConfirmModal';
import { useFormatters } from '../profile/usePreferences';
import { transferActions, transferKeys, transferQueries } from './queries';

/**
 * The owner's side of a transfer of ownership, under the vessel's settings: start one to an
 * e-mail address (confirmed with an e-mailed code, like deleting the vessel), see the one that
 * waits for the buyer, and cancel it.
 */
export function TransferSection({ vesselId, vesselName }: { vesselId: number; vesselName: string }) {
  const { t } = useTranslation('transfer');
  const queryClient = useQueryClient();
  const format = useFormatters();
  const transfer = useQuery(transferQueries.ofVessel(vesselId));
  const [starting, setStarting] = useState(false);
  const [email, setEmail] = useState('');
  const refresh = () => queryClient.invalidateQueries({ queryKey: transferKeys.ofVessel(vesselId) });
  const cancel = useMutation({
    mutationFn: (transferId: number) => transferActions.cancel(transferId),
    onSuccess: () => {
      toast.success(t('section.cancelled'));
      void refresh();
    },
    onError: (error) => reportActionFailure(t('section.cancelling'), error),
  });

  const pending = transfer.data ?? null;
  return (
    <section className="card" aria-labelledby="transfer-title" data-testid="transfer-section">
      <h2 id="transfer-title">{t('section.title')}</h2>
      <DelayedSpinner loading={transfer.isPending} label={t('section.loading')} />
      {transfer.isError ? (
        <p className="form-error" role="alert">
          {failureMessage(transfer.error, t('section.loadFailed'))} <RetryButton error={transfer.error} onRetry={() => transfer.refetch()} />
        </p>
      ) : null}
      {transfer.isSuccess && pending ? (
        <>
          <p role="status">
            <Trans
              shouldUnescape
              t={t}
              i18nKey="section.waiting"
              values={{ buyer: pending.buyerEmail, until: format.date(pending.expiresAt), vessel: vesselName }}
              components={{ buyer: <strong /> }}
            />
          </p>
          <div className="button-row">
            <button type="button" className="button button--danger" disabled={cancel.isPending} onClick={() => cancel.mutate(pending.id)}>
              {cancel.isPending ? t('section.cancellingButton') : t('section.cancel')}
            </button>
          </div>
        </>
      ) : null}
      {transfer.isSuccess && !pending ? (
        <>
          <p>{t('section.intro', { vessel: vesselName })}</p>
          <div className="button-row">
            <button type="button" className="button" onClick={() => setStarting(true)}>
              {t('section.start', { vessel: vesselName })}
            </button>
          </div>
        </>
      ) : null}
      {starting ? (
        <CodeConfirmModal
          title={t('section.start', { vessel: vesselName })}
          consequences={
            <>
              <p>{t('section.consequences', { vessel: vesselName, days: 14 })}</p>
              <TextField label={t('section.email')} type="email" autoComplete="off" required value={email} onChange={(event) => setEmail(event.target.value)} />
            </>
          }
          confirmLabel={t('section.sendCode')}
          request={() => transferActions.start(vesselId, email.trim())}
          complete={(code) => transferActions.confirm(vesselId, code)}
          onDone={(done) => {
            toast.success(t('section.offered', { vessel: vesselName, buyer: done.buyerEmail }));
            setEmail('');
            void refresh();
          }}
          onClose={() => setStarting(false)}
        />
      ) : null}
    </section>
  );
}
