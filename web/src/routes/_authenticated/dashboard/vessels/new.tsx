import { createFileRoute } from '@tanstack/react-router';
import { CreateVesselForm } from '../../../../features/vessels/CreateVesselForm';

export const Route = createFileRoute('/_authenticated/dashboard/vessels/new')({
  component: CreateVesselForm,
});
