import { createFileRoute } from '@tanstack/react-router';
import { PaymentMethodsPage } from '../../../../features/billing/PaymentMethodsPage';
import { pageTitle } from '../../../../features/layout/documentTitle';

export const Route = createFileRoute('/_authenticated/dashboard/profile/payment-methods')({
  head: () => pageTitle('Payment methods'),
  component: PaymentMethodsPage,
});
