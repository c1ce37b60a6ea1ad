import { createFileRoute } from '@tanstack/react-router';
import { PaymentMethodsPage } from '../../../../features/billing/PaymentMethodsPage';

export const Route = createFileRoute('/_authenticated/dashboard/profile/payment-methods')({
  component: PaymentMethodsPage,
});
