import { createFileRoute, redirect } from '@tanstack/react-router';

/** The vessel dashboard opens on OVERVIEW (spec 9). */
export const Route = createFileRoute('/_authenticated/dashboard/vessels/$vesselId/')({
  beforeLoad: ({ params }) => {
    throw redirect({ to: '/dashboard/vessels/$vesselId/overview', params, replace: true });
  },
});
