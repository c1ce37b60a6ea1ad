import { createFileRoute, notFound } from '@tanstack/react-router';
import { ModelVesselPage } from '../../../../../../features/organisation/ModelVesselPage';
import { pageTitle } from '../../../../../../features/layout/documentTitle';

const positive = (text: string): number => {
  const id = Number(text);
  if (!Number.isSafeInteger(id) || id <= 0) throw notFound();
  return id;
};

/** A consenting vessel of one of the manufacturer's models, read-only (docs/decisions.md). */
export const Route = createFileRoute('/_authenticated/dashboard/models/$modelId/vessels/$vesselId')({
  head: () => pageTitle('Vessel of your model'),
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
