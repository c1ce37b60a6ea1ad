import { connectivity } from '../../app/services';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '../profile/usePreferences';
import { useNetworkState } from '../offline/useOnline';
import './vessels.css';

/**
 * The bridge's state; while the phone has no network, or the server cannot be reached, it is
 * unknown (the cached state may be long out of date), never "Online" or "Offline".
 */
export function OnlineState({ online, lastSeen }: { online: boolean; lastSeen: string | null }) {
  const network = useNetworkState(connectivity);
  const { t } = useTranslation('vessels');
  const format = useFormatters();
  if (network !== 'connected') {
    return (
      <span className="online-state is-unknown">
        <span className="online-state__dot" aria-hidden="true" />
        {network === 'offline' ? t('online.unknownOffline') : t('online.unknownUnreachable')}
      </span>
    );
  }
  if (!online && !lastSeen) {
    return (
      <span className="online-state is-offline">
        <span className="online-state__dot" aria-hidden="true" />
        {t('online.noData')}
      </span>
    );
  }
  return (
    <span className={`online-state ${online ? 'is-online' : 'is-offline'}`}>
      <span className="online-state__dot" aria-hidden="true" />
      {online ? t('online.online') : lastSeen ? t('online.offlineSeen', { ago: format.relative(lastSeen) }) : t('online.offline')}
    </span>
  );
}
