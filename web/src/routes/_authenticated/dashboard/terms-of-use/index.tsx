import { createFileRoute, redirect } from '@tanstack/react-router';
import { DEFAULT_TERMS_TAB } from '../../../../features/terms/tabs';
import { pageTitle } from '../../../../features/layout/documentTitle';

export const Route = createFileRoute('/_authenticated/dashboard/terms-of-use/')({
  head: () => pageTitle('Terms of use'),
  beforeLoad: () => {
    throw redirect({ to: '/dashboard/terms-of-use/$code', params: { code: DEFAULT_TERMS_TAB } });
  },
});
