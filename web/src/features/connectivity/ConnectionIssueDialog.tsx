import { useId } from 'react';
import { useSelector } from '@xstate/react';
import { connectivity } from '../../app/services';
import { CONNECTION_ISSUE_MESSAGE, CONNECTION_ISSUE_TITLE } from './connectivityMachine';
import { Icon } from '../icons/Icon';
import '../errors/dialogs.css';

export function ConnectionIssueDialog() {
  const unreachable = useSelector(connectivity, (state) => state.hasTag('unreachable'));
  const titleId = useId();
  if (!unreachable) return null;
  return (
    <div className="fullscreen-dialog" role="alertdialog" aria-modal="true" aria-labelledby={titleId}>
      <div className="fullscreen-dialog__panel">
        <div className="fullscreen-dialog__icon fullscreen-dialog__icon--warning" aria-hidden="true">
          <Icon name="offline" size={28} />
        </div>
        <h2 id={titleId}>{CONNECTION_ISSUE_TITLE}</h2>
        <p>{CONNECTION_ISSUE_MESSAGE}</p>
        <div className="fullscreen-dialog__actions">
          <button type="button" className="button button--primary" autoFocus onClick={() => connectivity.send({ type: 'DIALOG_CLOSED' })}>
            Close
          </button>
        </div>
      </div>
    </div>
  );
}
