import { createFileRoute, redirect } from '@tanstack/react-router';
import { DEFAULT_TERMS_TAB } from '../../../../features/terms/tabs';
import { pageTitle } from '../../../../features/layout/documentTitle';
import { i18n } from '../../../../i18n';

export const Route = createFileRoute('/_authenticated/dashboard/terms-of-use/')({
  head: () => pageTitle(i18n.t('common:titles.termsOfUse')),
  beforeLoad: () => {
    throw redirect({ to: '/dashboard/terms-of-use/$code', params: { code: DEFAULT_TERMS_TAB } });
  },
});
