import { createActor, fromPromise } from 'xstate';
import { api, configureApi } from '../lib/api';
import { buildErrorReport, type CaughtError } from '../lib/errorReport';
import { canViewErrorReport, currentEnvironmentLabel } from '../lib/env';
import { localTimeZone } from '../lib/dates';
import { persistence } from '../lib/storage';
import { connectivityMachine } from '../features/connectivity/connectivityMachine';
import { errorDialogMachine } from '../features/errors/errorDialogMachine';
import { sessionMachine } from '../features/session/sessionMachine';
import { loadSessionData } from '../features/session/sessionData';
import type { SessionUser } from '../features/session/types';
import { profileQueries } from '../features/profile/queries';
import { organisationQueries } from '../features/organisation/queries';
import { toasterMachine } from '../features/toasts/toasterMachine';
import { createToastApi } from '../features/toasts/toast';
import { selectedVessel } from '../features/vessels/selectedVessel';
import { createQueryClient } from './queryClient';

/**
 * The app's long-lived actors and clients. They are created here, once, with the browser
 * implementations of the side effects their machines name; `startServices` starts them after
 * the version check.
 */
export const queryClient = createQueryClient();

export const connectivity = createActor(
  connectivityMachine.provide({ actions: { reloadPage: () => window.location.reload() } }),
);

export const toaster = createActor(toasterMachine);
export const toast = createToastApi(toaster);

export const session = createActor(
  sessionMachine.provide({
    actors: {
      login: fromPromise(async ({ input }) => {
        const { token } = await api.post<{ token: string }>('auth/login', input, { token: null, expectUnauthorized: true });
        return token;
      }),
      checkSession: fromPromise(({ input }) => api.post<SessionUser>('auth/checkSession', undefined, { token: input.token })),
      loadSessionData: fromPromise(({ input }) =>
        loadSessionData(input.user, {
          profile: () => queryClient.fetchQuery(profileQueries.details()),
          preferences: () => queryClient.fetchQuery(profileQueries.preferences()),
          navigation: () => queryClient.fetchQuery(profileQueries.navigation()),
          organisation: () => queryClient.fetchQuery(organisationQueries.mine()),
        }),
      ),
      logout: fromPromise(async ({ input }) => {
        await api.post('auth/logout', undefined, { token: input.token });
      }),
    },
    actions: {
      persistAccount: (_, account) => persistence.saveAccount(account),
      clearPersistedState: () => persistence.clearSession(),
      resetCaches: () => queryClient.clear(),
    },
  }),
  { input: persistence.loadAccount() ?? { token: null } },
);

export const errorDialog = createActor(
  errorDialogMachine.provide({
    actors: {
      sendReport: fromPromise(async ({ input }) => {
        const user = session.getSnapshot().context.user;
        const report = buildErrorReport(
          input.caughtError,
          {
            now: new Date(),
            timeZone: localTimeZone(),
            userAgent: navigator.userAgent,
            environment: currentEnvironmentLabel() || window.location.hostname,
            user: user ? { id: user.id, name: `${user.firstName} ${user.lastName}`.trim() } : null,
            vessel: selectedVessel.get(),
          },
          input.comment,
        );
        await api.post('utility/error', report);
      }),
    },
    actions: {
      notifyReportSent: () => toast.success('Thank you, the error report has been sent'),
      notifyReportFailed: (_, { error }) =>
        toast.actionFailed('Sending the error report', (error as { status?: number | null }).status ?? null),
    },
  }),
  { input: { canViewReport: canViewErrorReport(currentEnvironmentLabel()) } },
);

export function showError(error: CaughtError): void {
  errorDialog.send({ type: 'ERROR.CAUGHT', error });
}

let started = false;

export function startServices(): void {
  if (started) return;
  started = true;
  configureApi({
    getToken: () => session.getSnapshot().context.token,
    onOutcome: (outcome) => {
      if (outcome === 'ok') connectivity.send({ type: 'REQUEST_SUCCEEDED' });
      else if (outcome === 'connection-failure') connectivity.send({ type: 'CONNECTION_FAILED' });
    },
    onUnauthorized: () => session.send({ type: 'SESSION_EXPIRED' }),
  });
  connectivity.start();
  toaster.start();
  errorDialog.start();
  session.start();
}
