import { Link } from '@tanstack/react-router';
import type { Vessel } from '../vessels/types';
import { SUBSCRIPTION_TERMS } from './queries';

/** Whether the vessel's live values, commands and older history are off: no valid subscription, and the test period after pairing is over. */
export const cloudServicesOff = (vessel: Pick<Vessel, 'cloudServices'>): boolean => vessel.cloudServices?.active === false;

/** What an unsubscribed vessel does not do, in the words of the server's 418 (docs/product.md). */
export const CLOUD_SERVICE_REFUSED = {
  live: 'Live values are not shown: this vessel has no active subscription and its test period is over.',
  commands: 'Commands are not sent: this vessel has no active subscription and its test period is over.',
  history: `History from more than ${SUBSCRIPTION_TERMS.testPeriodDays} days before the services ended is not shown: this vessel has no active subscription.`,
} as const;

/** Why a cloud service is off, with the way to the vessel's Subscription page. */
export function CloudServicesNotice({ vesselId, service }: { vesselId: number; service: keyof typeof CLOUD_SERVICE_REFUSED }) {
  return (
    <p className="notice" data-testid={`unsubscribed-${service}`}>
      {CLOUD_SERVICE_REFUSED[service]}{' '}
      <Link to="/dashboard/vessels/$vesselId/subscribe" params={{ vesselId }}>
        Subscribe or renew
      </Link>
    </p>
  );
}
