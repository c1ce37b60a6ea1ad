import { createFileRoute, notFound } from '@tanstack/react-router';
import { ModelVesselPage } from '../../../../../../features/organisation/ModelVesselPage';
import { pageTitle } from '../../../../../../features/layout/documentTitle';
import { i18n } from '../../../../../../i18n';

const positive = (text: string): number => {
  const id = Number(text);
  if (!Number.isSafeInteger(id) || id <= 0) throw notFound();
  return id;
};

/** A consenting vessel of one of the manufacturer's models, read-only (docs/decisions.md). */
export const Route = createFileRoute('/_authenticated/dashboard/models/$modelId/vessels/$vesselId')({
  head: () => pageTitle(i18n.t('common:titles.vesselOfYourModel')),
  params: {
    parse: ({ modelId, vesselId }) => ({ modelId: positive(modelId), vesselId: positive(vesselId) }),
    stringify: ({ modelId, vesselId }) => ({ modelId: String(modelId), vesselId: String(vesselId) }),
  },
  component: ModelVesselRoute,
});

function ModelVesselRoute() {
  const { modelId, vesselId } = Route.useParams();
  return <ModelVesselPage modelId={modelId} vesselId={vesselId} />;
}
