import { createFileRoute } from '@tanstack/react-router';
import { CreateVesselForm } from '../../../../features/vessels/CreateVesselForm';
import { pageTitle } from '../../../../features/layout/documentTitle';

export const Route = createFileRoute('/_authenticated/dashboard/vessels/new')({
  head: () => pageTitle('New vessel'),
  component: CreateVesselForm,
});
