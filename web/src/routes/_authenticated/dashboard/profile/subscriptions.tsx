import { createFileRoute } from '@tanstack/react-router';
import { SubscriptionsPage } from '../../../../features/billing/SubscriptionsPage';

export const Route = createFileRoute('/_authenticated/dashboard/profile/subscriptions')({
  component: SubscriptionsPage,
});
