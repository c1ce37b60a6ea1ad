import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { TermsPage } from '../../../../features/terms/TermsPage';
import { matchTermsTab } from '../../../../features/terms/tabs';
import { pageTitle } from '../../../../features/layout/documentTitle';
import { i18n } from '../../../../i18n';

export const Route = createFileRoute('/_authenticated/dashboard/terms-of-use/$code')({
  head: () => pageTitle(i18n.t('common:titles.termsOfUse')),
  component: DashboardTermsPage,
});

function DashboardTermsPage() {
  const { code } = Route.useParams();
  const navigate = useNavigate();
  const { tab, unknownCode } = matchTermsTab(code);
  return (
    <div className="page">
      <TermsPage
        tab={tab}
        unknownCode={unknownCode ? code : null}
        onSelect={(next) => void navigate({ to: '/dashboard/terms-of-use/$code', params: { code: next } })}
        onCloseFailure={() => void navigate({ to: '/' })}
      />
    </div>
  );
}
