import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import { toaster } from '../../app/services';
import type { toastMachine } from './toastMachine';
import { Icon, type IconName } from '../icons/Icon';
import './toasts.css';

const TOAST_ICONS: Record<'blank' | 'success' | 'error', IconName> = { blank: 'info', success: 'check', error: 'warning' };

function Toast({ toastRef }: { toastRef: ActorRefFrom<typeof toastMachine> }) {
  const { t } = useTranslation('toasts');
  const { type, message } = useSelector(toastRef, (state) => state.context);
  const dismissed = useSelector(toastRef, (state) => state.hasTag('dismissed'));
  return (
    // The role sits on the message, not the item: an item with another role leaves the list with a child that is no list item (axe's `list`).
    <li className={`toast toast--${type}${dismissed ? ' is-dismissed' : ''}`}>
      <span className="toast__icon" aria-hidden="true">
        {type === 'loading' ? <span className="spinner spinner--small" /> : <Icon name={TOAST_ICONS[type]} size={18} />}
      </span>
      <span className="toast__message" role={type === 'error' ? 'alert' : 'status'}>
        {message}
      </span>
      <button type="button" className="toast__close" aria-label={t('toaster.dismiss')} onClick={() => toastRef.send({ type: 'DISMISS' })}>
        <Icon name="close" size={16} />
      </button>
    </li>
  );
}

/** Toasts at the bottom right, 300 px wide, at most three at once. */
export function Toaster() {
  const { t } = useTranslation('toasts');
  const toasts = useSelector(toaster, (state) => state.context.toasts);
  return (
    <ol className="toaster" aria-live="polite" aria-label={t('toaster.label')}>
      {toasts.map((entry) => (
        <Toast key={entry.id} toastRef={entry.ref} />
      ))}
    </ol>
  );
}
