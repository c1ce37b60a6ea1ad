import { Link } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { i18n, labelsOf } from '../../i18n';
import { vesselQueries } from '../vessels/queries';
import { atLeast, normalisePermissions, type Vessel } from '../vessels/types';
import { SUBSCRIPTION_TERMS } from './queries';

/** Whether the vessel's live values, commands and older history are off: no valid subscription, and the test period after pairing is over. */
export const cloudServicesOff = (vessel: Pick<Vessel, 'cloudServices'>): boolean => vessel.cloudServices?.active === false;

/** What an unsubscribed vessel does not do, in the words of the server's 418 (docs/product.md). */
export const CLOUD_SERVICE_REFUSED = labelsOf(['live', 'commands', 'history'] as const, (service) =>
  i18n.t(`billing:refused.${service}`, { days: SUBSCRIPTION_TERMS.testPeriodDays }),
);

/**
 * Why a cloud service is off, with the way to the vessel's Subscription page for whoever may
 * renew (billingManager MANAGE); the others, a contractor on a job, are told who can instead of
 * being sent to a page that refuses them.
 */
export function CloudServicesNotice({ vesselId, service }: { vesselId: number; service: keyof typeof CLOUD_SERVICE_REFUSED }) {
  const { t } = useTranslation('billing');
  const vessel = useQuery(vesselQueries.detail(vesselId));
  const canRenew = vessel.data ? atLeast(normalisePermissions(vessel.data.permissions).billingManager, 'MANAGE') : false;
  return (
    <p className="notice" data-testid={`unsubscribed-${service}`}>
      {CLOUD_SERVICE_REFUSED[service]}{' '}
      {canRenew ? (
        <Link to="/dashboard/vessels/$vesselId/subscribe" params={{ vesselId }}>
          {t('refused.subscribe')}
        </Link>
      ) : (
        t('refused.askBilling')
      )}
    </p>
  );
}
