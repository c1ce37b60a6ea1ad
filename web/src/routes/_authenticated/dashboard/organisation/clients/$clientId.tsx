import { createFileRoute, notFound } from '@tanstack/react-router';
import { ClientPage } from '../../../../../features/organisation/ClientPage';
import { pageTitle } from '../../../../../features/layout/documentTitle';
import { i18n } from '../../../../../i18n';

export const Route = createFileRoute('/_authenticated/dashboard/organisation/clients/$clientId')({
  head: () => pageTitle(i18n.t('common:titles.client')),
  params: {
    parse: ({ clientId }) => {
      const id = Number(clientId);
      if (!Number.isSafeInteger(id) || id <= 0) throw notFound();
      return { clientId: id };
    },
    stringify: ({ clientId }) => ({ clientId: String(clientId) }),
  },
  component: ClientRoute,
});

function ClientRoute() {
  const { clientId } = Route.useParams();
  return <ClientPage clientId={clientId} />;
}
