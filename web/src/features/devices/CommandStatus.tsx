import type { Command } from './useCommand';

/** Pending / done / failed next to a control. */
export function CommandStatus({ command }: { command: Command }) {
  return (
    <span className="command-status" role="status" aria-live="polite">
      {command.pending ? (
        <>
          <span className="spinner spinner--small" aria-hidden="true" /> Sending…
        </>
      ) : command.done ? (
        <span className="text-success">✓ Done</span>
      ) : command.failed ? (
        <button type="button" className="link-button text-critical" onClick={command.acknowledge} title="Dismiss">
          ✕ {command.message}
        </button>
      ) : null}
    </span>
  );
}
