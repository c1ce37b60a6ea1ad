import { useId } from 'react';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { errorDialog } from '../../app/services';
import { dialogMessage, errorReportMessage } from '../../lib/errorReport';
import './dialogs.css';

/** The full-screen error dialog (spec 8). */
export function ErrorDialog() {
  const { t } = useTranslation('errors');
  const state = useSelector(errorDialog, (snapshot) => snapshot);
  const titleId = useId();
  const commentId = useId();
  if (!state.hasTag('visible')) return null;

  const { caughtError, comment } = state.context;
  const offersReport = state.can({ type: 'REPORT.SEND' });
  const sending = state.hasTag('sending');

  return (
    <div className="fullscreen-dialog" role="alertdialog" aria-modal="true" aria-labelledby={titleId}>
      <div className="fullscreen-dialog__panel">
        <div className="fullscreen-dialog__icon" aria-hidden="true">
          !
        </div>
        <h2 id={titleId}>{dialogMessage(caughtError)}</h2>
        {offersReport ? (
          <>
            <p>{t('dialog.invitation')}</p>
            <label htmlFor={commentId} className="field__label">
              {t('dialog.comment')}
            </label>
            <textarea
              id={commentId}
              className="input"
              rows={3}
              value={comment}
              disabled={sending}
              onChange={(event) => errorDialog.send({ type: 'COMMENT.CHANGE', comment: event.target.value })}
            />
          </>
        ) : null}
        {state.hasTag('reportOpen') && caughtError ? (
          <pre className="fullscreen-dialog__report" aria-label={t('dialog.report')}>
            {JSON.stringify(
              {
                status: caughtError.status,
                message: errorReportMessage(caughtError),
                endpoint: caughtError.endpoint ?? null,
                details: caughtError.details ?? null,
              },
              null,
              2,
            )}
          </pre>
        ) : null}
        <div className="fullscreen-dialog__actions">
          {state.can({ type: 'REPORT.VIEW' }) ? (
            <button type="button" className="button" onClick={() => errorDialog.send({ type: 'REPORT.VIEW' })}>
              {t('dialog.viewReport')}
            </button>
          ) : null}
          {state.can({ type: 'REPORT.HIDE' }) ? (
            <button type="button" className="button" onClick={() => errorDialog.send({ type: 'REPORT.HIDE' })}>
              {t('dialog.hideReport')}
            </button>
          ) : null}
          {offersReport ? (
            <button type="button" className="button button--primary" disabled={sending} onClick={() => errorDialog.send({ type: 'REPORT.SEND' })}>
              {sending ? t('dialog.sending') : t('dialog.sendReport')}
            </button>
          ) : null}
          <button type="button" className="button" onClick={() => errorDialog.send({ type: 'CLOSE' })}>
            {t('dialog.close')}
          </button>
        </div>
      </div>
    </div>
  );
}
