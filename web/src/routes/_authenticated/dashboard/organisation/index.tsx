import { createFileRoute } from '@tanstack/react-router';
import { CompanyProfile } from '../../../../features/organisation/CompanyProfile';

export const Route = createFileRoute('/_authenticated/dashboard/organisation/')({
  component: CompanyProfile,
});
