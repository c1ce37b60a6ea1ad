import { useId } from 'react';
import { useSelector } from '@xstate/react';
import { errorDialog } from '../../app/services';
import { dialogMessage, errorReportMessage, REPORT_INVITATION_TEXT } from '../../lib/errorReport';
import './dialogs.css';

/** The full-screen error dialog (spec 8). */
export function ErrorDialog() {
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
            <p>{REPORT_INVITATION_TEXT}</p>
            <label htmlFor={commentId} className="field__label">
              Comment
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
          <pre className="fullscreen-dialog__report" aria-label="Error report">
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
              View Report
            </button>
          ) : null}
          {state.can({ type: 'REPORT.HIDE' }) ? (
            <button type="button" className="button" onClick={() => errorDialog.send({ type: 'REPORT.HIDE' })}>
              Hide Report
            </button>
          ) : null}
          {offersReport ? (
            <button type="button" className="button button--primary" disabled={sending} onClick={() => errorDialog.send({ type: 'REPORT.SEND' })}>
              {sending ? 'Sending…' : 'Send Report'}
            </button>
          ) : null}
          <button type="button" className="button" onClick={() => errorDialog.send({ type: 'CLOSE' })}>
            Close
          </button>
        </div>
      </div>
    </div>
  );
}
