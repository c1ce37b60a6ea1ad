import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { i18n } from '../../i18n';
import type { CloudServices } from '../../../../contracts/billing';
import { useFormatters } from '../profile/usePreferences';
import { atLeast, normalisePermissions, type VesselDetail } from '../vessels/types';

/** What ended: the subscription, or the test period after pairing when that ended later. */
export function lapsedText(services: Pick<CloudServices, 'endedAt' | 'testPeriodUntil'>, formatTime: (iso: string) => string): string | null {
  if (!services.endedAt) return null;
  return services.endedAt === services.testPeriodUntil
    ? i18n.t('billing:lapsed.testPeriod', { when: formatTime(services.endedAt) })
    : i18n.t('billing:lapsed.subscription', { when: formatTime(services.endedAt) });
}

/**
 * Beside the values of a vessel whose cloud services have ended (docs/decisions.md, "Lapsed
 * services"): they are the last stored before then, and when that was; whoever may renew is
 * offered Renew, the others are told who can.
 */
export function LapsedValuesNotice({ vesselId, vessel }: { vesselId: number; vessel: Pick<VesselDetail, 'cloudServices' | 'permissions'> }) {
  const { t } = useTranslation('billing');
  const format = useFormatters();
  const services = vessel.cloudServices;
  if (!services || services.active) return null;
  const text = lapsedText(services, (iso) => format.dateTime(iso));
  if (!text) return null;
  const canRenew = atLeast(normalisePermissions(vessel.permissions).billingManager, 'MANAGE');
  return (
    <p className="notice" data-testid="lapsed-values">
      {text}{' '}
      {canRenew ? (
        <Link to="/dashboard/vessels/$vesselId/subscribe" params={{ vesselId }}>
          {t('lapsed.renew')}
        </Link>
      ) : (
        t('refused.askBilling')
      )}
    </p>
  );
}
