import { useState } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { Trans, useTranslation } from 'react-i18next';
import { session, toast } from '../../app/services';
import { CodeConfirmModal } from '../modal/CodeConfirmModal';
import { profileActions } from './queries';

/**
 * Deleting one's own profile, as the privacy policy promises: two steps, the second with a code
 * e-mailed to the address (docs/api.md, "Two-step confirmations"). The server refuses while the person
 * still owns vessels and says so in the dialog.
 */
export function DeleteProfile({ userId, email }: { userId: number; email: string }) {
  const { t } = useTranslation('profile');
  const [asking, setAsking] = useState(false);
  const navigate = useNavigate();
  return (
    <section className="card" aria-labelledby="delete-profile-title">
      <h2 id="delete-profile-title">{t('delete.title')}</h2>
      <p>{t('delete.text')}</p>
      <div className="button-row">
        <button type="button" className="button button--danger" onClick={() => setAsking(true)}>
          {t('delete.title')}
        </button>
      </div>
      {asking ? (
        <CodeConfirmModal
          title={t('delete.title')}
          consequences={
            <p>
              <Trans t={t} i18nKey="delete.consequences" values={{ email }} components={{ strong: <strong /> }} />
            </p>
          }
          confirmLabel={t('delete.sendCode')}
          request={() => profileActions.requestDeletion(userId)}
          complete={(code) => profileActions.confirmDeletion(code)}
          onDone={() => {
            toast.success(t('delete.deleted'));
            session.send({ type: 'SESSION_EXPIRED' });
            void navigate({ to: '/' });
          }}
          onClose={() => setAsking(false)}
        />
      ) : null}
    </section>
  );
}
