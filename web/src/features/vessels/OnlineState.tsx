import { connectivity } from '../../app/services';
import { formatRelative } from '../../lib/dates';
import { useNetworkState } from '../offline/useOnline';
import './vessels.css';

/**
 * The bridge's state; while the phone has no network, or the server cannot be reached, it is
 * unknown (the cached state may be long out of date), never "Online" or "Offline".
 */
export function OnlineState({ online, lastSeen }: { online: boolean; lastSeen: string | null }) {
  const network = useNetworkState(connectivity);
  if (network !== 'connected') {
    return (
      <span className="online-state is-unknown">
        <span className="online-state__dot" aria-hidden="true" />
        {network === 'offline' ? 'Unknown: you are offline' : 'Unknown: the server cannot be reached'}
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
