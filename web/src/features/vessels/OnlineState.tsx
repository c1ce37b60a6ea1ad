import { useSelector } from '@xstate/react';
import { connectivity } from '../../app/services';
import { formatRelative } from '../../lib/dates';
import './vessels.css';

/** The bridge's state; while the server itself cannot be reached it is unknown, never "offline". */
export function OnlineState({ online, lastSeen }: { online: boolean; lastSeen: string | null }) {
  const serverUnreachable = useSelector(connectivity, (state) => state.hasTag('unreachable'));
  if (serverUnreachable) {
    return (
      <span className="online-state is-unknown">
        <span className="online-state__dot" aria-hidden="true" />
        Unknown: the server cannot be reached
      </span>
    );
  }
  if (!online && !lastSeen) {
    return (
      <span className="online-state is-offline">
        <span className="online-state__dot" aria-hidden="true" />
        No data yet
      </span>
    );
  }
  return (
    <span className={`online-state ${online ? 'is-online' : 'is-offline'}`}>
      <span className="online-state__dot" aria-hidden="true" />
      {online ? 'Online' : `Offline${lastSeen ? ` · last seen ${formatRelative(lastSeen)}` : ''}`}
    </span>
  );
}
