import { useFormatters } from '../profile/usePreferences';
import type { Command } from './useCommand';
import './devices.css';

const PENDING_TEXT = { SENT: 'Sent, waiting for the bridge…', ACKNOWLEDGED: 'Acknowledged, waiting for the value…' } as const;

/** Where a command stands, next to its control: sending, sent, acknowledged, queued, confirmed or why it ended. */
export function CommandStatus({ command }: { command: Command }) {
  const format = useFormatters();
  return (
    <span className="command-status" role="status" aria-live="polite">
      {command.pending ? (
        <>
          <span className="spinner spinner--small" aria-hidden="true" />{' '}
          {command.commandState === 'SENT' || command.commandState === 'ACKNOWLEDGED' ? PENDING_TEXT[command.commandState] : 'Sending…'}
        </>
      ) : command.queued ? (
        <span className="muted">Queued until the vessel is back{command.expiresAt ? ` (expires ${format.time(command.expiresAt)})` : ''}</span>
      ) : command.done ? (
        <span className="text-success">✓ Confirmed</span>
      ) : command.ended ? (
        <button type="button" className="link-button text-critical" onClick={command.acknowledge} title="Dismiss">
          ✕ {command.message}
        </button>
      ) : null}
    </span>
  );
}
