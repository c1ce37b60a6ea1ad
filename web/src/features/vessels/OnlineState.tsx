import { formatRelative } from '../../lib/dates';
import './vessels.css';

export function OnlineState({ online, lastSeen }: { online: boolean; lastSeen: string | null }) {
  return (
    <span className={`online-state ${online ? 'is-online' : 'is-offline'}`}>
      <span className="online-state__dot" aria-hidden="true" />
      {online ? 'Online' : `Offline${lastSeen ? ` · last seen ${formatRelative(lastSeen)}` : ''}`}
    </span>
  );
}
