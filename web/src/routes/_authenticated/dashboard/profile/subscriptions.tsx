import { createFileRoute } from '@tanstack/react-router';
import { SubscriptionsPage } from '../../../../features/billing/SubscriptionsPage';
import { pageTitle } from '../../../../features/layout/documentTitle';
import { i18n } from '../../../../i18n';

export const Route = createFileRoute('/_authenticated/dashboard/profile/subscriptions')({
  head: () => pageTitle(i18n.t('common:titles.subscriptions')),
  component: SubscriptionsPage,
});
