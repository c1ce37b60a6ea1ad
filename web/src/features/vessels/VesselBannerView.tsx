import { useTranslation } from 'react-i18next';
import type { VesselBanner } from './banner';
import { Icon, type IconName } from '../icons/Icon';
import './vessels.css';

const ICONS: Record<NonNullable<VesselBanner['icon']>, IconName> = {
  link: 'link',
  warning: 'warning',
  offline: 'offline',
  alert: 'bell',
  info: 'info',
};

interface Props {
  banner: VesselBanner;
  onPair?: () => void;
  onOpenAlerts?: () => void;
  onSubscribe?: () => void;
}

export function VesselBannerView({ banner, onPair, onOpenAlerts, onSubscribe }: Props) {
  const { t } = useTranslation('vessels');
  const className = `banner banner--${banner.type.toLowerCase()}`;
  const icon = banner.icon ? (
    <span className="banner__icon" aria-hidden="true">
      <Icon name={ICONS[banner.icon]} />
    </span>
  ) : null;
  if (banner.action === 'OPEN_ALERTS' && onOpenAlerts) {
    return (
      <button type="button" className={`${className} banner--clickable`} onClick={onOpenAlerts}>
        {icon}
        <span className="banner__text">{banner.text}</span>
        <span className="banner__more" aria-hidden="true">
          ›
        </span>
      </button>
    );
  }
  return (
    <div className={className} role={banner.type === 'CRITICAL' || banner.type === 'WARNING' ? 'alert' : 'status'}>
      {icon}
      <span className="banner__text">{banner.text}</span>
      {banner.action === 'PAIR' && onPair ? (
        <button type="button" className="button button--small button--primary" onClick={onPair}>
          {t('banner.pairNow')}
        </button>
      ) : null}
      {banner.action === 'SUBSCRIBE' && onSubscribe ? (
        <button type="button" className="button button--small button--primary" onClick={onSubscribe}>
          {banner.kind === 'TRIAL' ? t('banner.subscribe') : t('banner.renewNow')}
        </button>
      ) : null}
    </div>
  );
}
