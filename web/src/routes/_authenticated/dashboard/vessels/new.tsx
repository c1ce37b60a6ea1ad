import { createFileRoute } from '@tanstack/react-router';
import { CreateVesselForm } from '../../../../features/vessels/CreateVesselForm';
import { pageTitle } from '../../../../features/layout/documentTitle';
import { i18n } from '../../../../i18n';

export const Route = createFileRoute('/_authenticated/dashboard/vessels/new')({
  head: () => pageTitle(i18n.t('common:titles.newVessel')),
  component: CreateVesselForm,
});
