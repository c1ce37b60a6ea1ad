import { useId } from 'react';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { connectivity } from '../../app/services';
import { Icon } from '../icons/Icon';
import '../errors/dialogs.css';

export function ConnectionIssueDialog() {
  const { t } = useTranslation('connectivity');
  const unreachable = useSelector(connectivity, (state) => state.hasTag('dialogOpen'));
  const titleId = useId();
  if (!unreachable) return null;
  return (
    <div className="fullscreen-dialog" role="alertdialog" aria-modal="true" aria-labelledby={titleId}>
      <div className="fullscreen-dialog__panel">
        <div className="fullscreen-dialog__icon fullscreen-dialog__icon--warning" aria-hidden="true">
          <Icon name="offline" size={28} />
        </div>
        <h2 id={titleId}>{t('dialog.title')}</h2>
        <p>{t('dialog.message')}</p>
        <div className="fullscreen-dialog__actions">
          <button type="button" className="button button--primary" autoFocus onClick={() => connectivity.send({ type: 'DIALOG_CLOSED' })}>
            {t('dialog.close')}
          </button>
        </div>
      </div>
    </div>
  );
}
