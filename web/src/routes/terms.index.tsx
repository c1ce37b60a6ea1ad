import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { PublicLayout } from '../features/layout/PublicLayout';
import { TermsPage } from '../features/terms/TermsPage';
import { DEFAULT_TERMS_TAB } from '../features/terms/tabs';
import { pageTitle } from '../features/layout/documentTitle';
import { i18n } from '../i18n';

export const Route = createFileRoute('/terms/')({
  head: () => pageTitle(i18n.t('common:titles.terms')),
  component: DefaultTermsPage,
});

function DefaultTermsPage() {
  const navigate = useNavigate();
  return (
    <PublicLayout>
      <TermsPage
        tab={DEFAULT_TERMS_TAB}
        onSelect={(tabCode) => void navigate({ to: '/terms/$tabCode', params: { tabCode } })}
        onCloseFailure={() => void navigate({ to: '/' })}
      />
    </PublicLayout>
  );
}
