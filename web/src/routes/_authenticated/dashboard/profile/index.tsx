import { createFileRoute } from '@tanstack/react-router';
import { ProfileDetails } from '../../../../features/profile/ProfileDetails';
import { profileQueries } from '../../../../features/profile/queries';

export const Route = createFileRoute('/_authenticated/dashboard/profile/')({
  loader: ({ context }) => context.queryClient.ensureQueryData(profileQueries.details()),
  component: ProfileDetails,
});
