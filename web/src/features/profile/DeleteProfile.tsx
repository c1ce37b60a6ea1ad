import { useState } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { session, toast } from '../../app/services';
import { CodeConfirmModal } from '../modal/CodeConfirmModal';
import { profileActions } from './queries';

/**
 * Deleting one's own profile, as the privacy policy promises: two steps, the second with a code
 * e-mailed to the address (docs/api.md, "Two-step confirmations"). The server refuses while the person
 * still owns vessels and says so in the dialog.
 */
export function DeleteProfile({ userId, email }: { userId: number; email: string }) {
  const [asking, setAsking] = useState(false);
  const navigate = useNavigate();
  return (
    <section className="card" aria-labelledby="delete-profile-title">
      <h2 id="delete-profile-title">Delete my profile</h2>
      <p>
        Your account, your sessions, your memberships of other people&apos;s vessels and your messages go; vessels you own must be deleted or handed over first.
        This cannot be undone.
      </p>
      <div className="button-row">
        <button type="button" className="button button--danger" onClick={() => setAsking(true)}>
          Delete my profile
        </button>
      </div>
      {asking ? (
        <CodeConfirmModal
          title="Delete my profile"
          consequences={
            <p>
              The account <strong>{email}</strong> will be deleted. We will e-mail you a code to confirm.
            </p>
          }
          confirmLabel="Send me the code"
          request={() => profileActions.requestDeletion(userId)}
          complete={(code) => profileActions.confirmDeletion(code)}
          onDone={() => {
            toast.success('Your profile was deleted');
            session.send({ type: 'SESSION_EXPIRED' });
            void navigate({ to: '/' });
          }}
          onClose={() => setAsking(false)}
        />
      ) : null}
    </section>
  );
}
