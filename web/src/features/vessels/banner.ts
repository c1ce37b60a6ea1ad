import { formatDateTime } from '../../lib/dates';
import { currentLocale, i18n } from '../../i18n';
import { alarmText, isActiveAlert, isCriticalAlert, type Alert } from '../alerts/types';
import { bannerStateOf, type BannerState } from '../../../../contracts/vessels';
import type { Vessel } from './types';

export type BannerType = 'WARNING' | 'CRITICAL' | 'GENERAL' | 'NEUTRAL';

export type BannerAction = 'PAIR' | 'OPEN_ALERTS' | 'SUBSCRIBE';

export interface VesselBanner {
  kind: Exclude<BannerState, 'OK'> | 'TRIAL' | 'MESSAGE';
  type: BannerType;
  text: string;
  /** Set when the banner is clickable or offers an action. */
  action?: BannerAction;
  icon?: 'link' | 'warning' | 'offline' | 'alert' | 'info';
}

/** A general message the platform wants to show on a vessel (types of spec 4). */
export interface BannerMessage {
  type: BannerType;
  text: string;
  action?: BannerAction;
  icon?: VesselBanner['icon'];
}

// The words are the current language's (the vessels namespace), read each time a banner is made.
const inUtc = (iso: string) => formatDateTime(iso, { timeZone: 'UTC', withZone: true, locale: currentLocale() });

/** The test period after pairing: every service is on, and the person learns until when. */
export function trialText(until: string): string {
  return i18n.t('vessels:banner.trial', { until: inUtc(until) });
}

export function offlineText(lastSeen: string | null): string {
  return lastSeen ? i18n.t('vessels:banner.offlineSeen', { lastSeen: inUtc(lastSeen) }) : i18n.t('vessels:banner.offlineNeverSeen');
}

/** The banner a vessel shows: the contract's precedence (spec 4) picks the kind, this file the words. */
/**
 * What the person looking may do about the banner: pairing is the owner's, subscribing is for
 * billingManager MANAGE; the others are told who can, and offered no button that would be refused.
 */
export interface BannerAbilities {
  canPair: boolean;
  canSubscribe: boolean;
}

const EVERYTHING: BannerAbilities = { canPair: true, canSubscribe: true };

export function vesselBanner(
  vessel: Pick<Vessel, 'reportingClient' | 'vesselSubscription' | 'online' | 'lastSeen' | 'cloudServices'>,
  message: BannerMessage | null = null,
  { canPair, canSubscribe }: BannerAbilities = EVERYTHING,
): VesselBanner | null {
  const subscribe = canSubscribe ? { action: 'SUBSCRIBE' as const } : {};
  switch (bannerStateOf(vessel)) {
    case 'NOT_PAIRED':
      return canPair
        ? { kind: 'NOT_PAIRED', type: 'NEUTRAL', text: i18n.t('vessels:banner.notPaired'), action: 'PAIR', icon: 'link' }
        : { kind: 'NOT_PAIRED', type: 'NEUTRAL', text: i18n.t('vessels:banner.notPairedAsk'), icon: 'link' };
    case 'NO_SUBSCRIPTION': {
      // In the test period the services are on: the vessel is offline, alarmed or on trial, in that order.
      const trialUntil = vessel.cloudServices?.inTestPeriod ? vessel.cloudServices.testPeriodUntil : null;
      if (!trialUntil)
        return {
          kind: 'NO_SUBSCRIPTION',
          type: 'WARNING',
          text: canSubscribe ? i18n.t('vessels:banner.noSubscription') : i18n.t('vessels:banner.noSubscriptionAsk'),
          ...subscribe,
          icon: 'warning',
        };
      if (!vessel.online) return { kind: 'OFFLINE', type: 'NEUTRAL', text: offlineText(vessel.lastSeen), icon: 'offline' };
      return message ? { kind: 'MESSAGE', ...message } : { kind: 'TRIAL', type: 'GENERAL', text: trialText(trialUntil), ...subscribe, icon: 'info' };
    }
    case 'OFFLINE':
      return { kind: 'OFFLINE', type: 'NEUTRAL', text: offlineText(vessel.lastSeen), icon: 'offline' };
    case 'OK':
      return message ? { kind: 'MESSAGE', ...message } : null;
  }
}

/** Active alerts become the general message: critical for alarms and emergencies, a warning otherwise. */
export function alertsBannerMessage(alerts: Alert[] | undefined): BannerMessage | null {
  const active = (alerts ?? []).filter(isActiveAlert);
  if (active.length === 0) return null;
  const critical = active.filter(isCriticalAlert);
  const shown = critical.length > 0 ? critical : active;
  const first = alarmText(shown[0]);
  return {
    type: critical.length > 0 ? 'CRITICAL' : 'WARNING',
    text: active.length > 1 ? i18n.t('vessels:banner.alertWithCount', { alert: first, count: active.length }) : first,
    action: 'OPEN_ALERTS',
    icon: 'alert',
  };
}
