import { createFileRoute } from '@tanstack/react-router';
import { PaymentMethodsPage } from '../../../../features/billing/PaymentMethodsPage';
import { pageTitle } from '../../../../features/layout/documentTitle';
import { i18n } from '../../../../i18n';

export const Route = createFileRoute('/_authenticated/dashboard/profile/payment-methods')({
  head: () => pageTitle(i18n.t('common:titles.paymentMethods')),
  component: PaymentMethodsPage,
});
