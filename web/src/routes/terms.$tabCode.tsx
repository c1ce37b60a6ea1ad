import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { PublicLayout } from '../features/layout/PublicLayout';
import { TermsPage } from '../features/terms/TermsPage';
import { matchTermsTab } from '../features/terms/tabs';
import { pageTitle } from '../features/layout/documentTitle';
import { i18n } from '../i18n';

export const Route = createFileRoute('/terms/$tabCode')({
  head: () => pageTitle(i18n.t('common:titles.terms')),
  component: TermsTabPage,
});

function TermsTabPage() {
  const { tabCode } = Route.useParams();
  const navigate = useNavigate();
  const { tab, unknownCode } = matchTermsTab(tabCode);
  return (
    <PublicLayout>
      <TermsPage
        tab={tab}
        unknownCode={unknownCode ? tabCode : null}
        onSelect={(next) => void navigate({ to: '/terms/$tabCode', params: { tabCode: next } })}
        onCloseFailure={() => void navigate({ to: '/' })}
      />
    </PublicLayout>
  );
}
