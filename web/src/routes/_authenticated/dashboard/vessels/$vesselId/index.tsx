import { createFileRoute, isRedirect, redirect } from '@tanstack/react-router';
import { appSettingQueries } from '../../../../../features/appSettings/queries';
import { screenSettingId, START_ROUTES } from '../../../../../features/appSettings/screenSetting';

/**
 * The vessel dashboard opens on OVERVIEW (spec 9), or on the start page of the app setting this
 * screen shows (the phone app's or an on-board display's, chosen in the vessel's Settings).
 */
export const Route = createFileRoute('/_authenticated/dashboard/vessels/$vesselId/')({
  beforeLoad: async ({ params, context: { queryClient } }) => {
    const chosen = screenSettingId(Number(params.vesselId));
    if (chosen !== null) {
      try {
        const setting = (await queryClient.ensureQueryData(appSettingQueries.list(Number(params.vesselId)))).find((s) => s.id === chosen);
        if (setting) throw redirect({ to: START_ROUTES[setting.startPage], params, replace: true });
      } catch (error) {
        // Settings that cannot be read (no deviceManager VIEW, offline) leave the default.
        if (isRedirect(error)) throw error;
      }
    }
    throw redirect({ to: '/dashboard/vessels/$vesselId/overview', params, replace: true });
  },
});
