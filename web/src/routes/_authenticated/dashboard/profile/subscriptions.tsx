import { createFileRoute } from '@tanstack/react-router';
import { SubscriptionsPage } from '../../../../features/billing/SubscriptionsPage';
import { pageTitle } from '../../../../features/layout/documentTitle';

export const Route = createFileRoute('/_authenticated/dashboard/profile/subscriptions')({
  head: () => pageTitle('Subscriptions'),
  component: SubscriptionsPage,
});
