import { createActor, fromPromise } from 'xstate';
import { hashKey, type FetchQueryOptions, type QueryKey } from '@tanstack/react-query';
import { api, classifyStatus, configureApi, isApiError } from '../lib/api';
import { buildErrorReport, type CaughtError } from '../lib/errorReport';
import { canViewErrorReport, currentEnvironmentLabel } from '../lib/env';
import { localTimeZone } from '../lib/dates';
import { persistence } from '../lib/storage';
import { connectivityMachine } from '../features/connectivity/connectivityMachine';
import { errorDialogMachine } from '../features/errors/errorDialogMachine';
import { sessionMachine } from '../features/session/sessionMachine';
import { loadSessionData } from '../features/session/sessionData';
import { sessionKeys, sessionQueries } from '../features/session/queries';
import type { SessionUser } from '../features/session/types';
import { profileKeys, profileQueries } from '../features/profile/queries';
import type { Preferences, Profile } from '../features/profile/types';
import { adoptBrowserLanguage, adoptProfileLanguage, i18n } from '../i18n';
import { theme } from '../features/theme/theme';
import { organisationQueries } from '../features/organisation/queries';
import { toasterMachine } from '../features/toasts/toasterMachine';
import { createToastApi } from '../features/toasts/toast';
import { vesselKeys } from '../features/vessels/queries';
import type { VesselDetail } from '../features/vessels/types';
import { createQueryClient } from './queryClient';
import { forgetOfflineCache } from './offlineCache';
import { lastKnownMode } from '../features/offline/useOnline';

/**
 * The app's long-lived actors and clients. They are created here, once, with the browser
 * implementations of the side effects their machines name; `startServices` starts them after
 * the version check.
 */
export const queryClient = createQueryClient();

/**
 * Closing the Connection Issue dialog reloads the page (spec 4), except while the browser itself
 * has no network: a reload could reach nothing and would only open the same last known copy, and
 * the dialog with it, again (docs/decisions.md, "Phone app").
 */
export const connectivity = createActor(
  connectivityMachine.provide({
    actions: {
      reloadPage: () => {
        if (navigator.onLine) window.location.reload();
      },
    },
  }),
);

export const toaster = createActor(toasterMachine);
export const toast = createToastApi(toaster);

export const session = createActor(
  sessionMachine.provide({
    actors: {
      login: fromPromise(async ({ input }) => {
        const { token } =
          'linkToken' in input
            ? await api.post<{ token: string }>('auth/signInLink/redeem', { token: input.linkToken }, { token: null, expectUnauthorized: true })
            : await api.post<{ token: string }>('auth/login', input, { token: null, expectUnauthorized: true });
        return token;
      }),
      checkSession: fromPromise(async ({ input }) => {
        const user = await lastKnownWhenOffline(sessionKeys.user, () => api.post<SessionUser>('auth/checkSession', undefined, { token: input.token }));
        queryClient.setQueryData(sessionKeys.user, user);
      }),
      loadSessionData: fromPromise(async () => {
        const user = await queryClient.ensureQueryData(sessionQueries.user());
        const fetchOrLastKnown = <T, K extends QueryKey>(options: FetchQueryOptions<T, Error, T, K>) =>
          lastKnownWhenOffline<T>(options.queryKey, () => queryClient.fetchQuery({ ...options, retry: false }));
        const { profile } = await loadSessionData(user, {
          profile: () => fetchOrLastKnown(profileQueries.details()),
          preferences: () => fetchOrLastKnown(profileQueries.preferences()),
          navigation: () => fetchOrLastKnown(profileQueries.navigation()),
          organisation: () => fetchOrLastKnown(organisationQueries.mine()),
        });
        // The dashboard opens in the profile's language, its catalogues loaded first.
        await adoptProfileLanguage(profile.languageCode).catch(() => undefined);
      }),
      logout: fromPromise(async ({ input }) => {
        await api.post('auth/logout', undefined, { token: input.token });
      }),
    },
    actions: {
      persistAccount: (_, account) => persistence.saveAccount(account),
      clearPersistedState: () => {
        persistence.clearSession();
        forgetOfflineCache();
      },
      resetCaches: () => {
        queryClient.clear();
        void adoptBrowserLanguage().catch(() => undefined);
      },
      adoptAccountSettings: () => theme.adopt(queryClient.getQueryData<Preferences>(profileKeys.preferences)?.theme),
    },
  }),
  { input: persistence.loadAccount() ?? { token: null } },
);

export const errorDialog = createActor(
  errorDialogMachine.provide({
    actors: {
      sendReport: fromPromise(async ({ input }) => {
        const user = queryClient.getQueryData<SessionUser>(sessionKeys.user);
        const report = buildErrorReport(
          input.caughtError,
          {
            now: new Date(),
            timeZone: localTimeZone(),
            userAgent: navigator.userAgent,
            environment: currentEnvironmentLabel() || window.location.hostname,
            user: user ? { id: user.id, name: `${user.firstName} ${user.lastName}`.trim() } : null,
            vessel: selectedVesselOf(window.location.pathname),
          },
          input.comment,
        );
        await api.post('utility/error', report);
      }),
    },
    actions: {
      notifyReportSent: () => toast.success(i18n.t('common:errorReport.sent')),
      notifyReportFailed: (_, { error }) => toast.actionFailed(i18n.t('common:errorReport.sending'), (error as { status?: number | null }).status ?? null),
    },
  }),
  { input: { canViewReport: canViewErrorReport(currentEnvironmentLabel()) } },
);

/** The selected vessel is the one the route names (spec 4), as far as the cache knows it. */
function selectedVesselOf(pathname: string): { id: number; name: string } | null {
  const match = /^\/dashboard\/vessels\/(\d+)(\/|$)/.exec(pathname);
  const vessel = match ? queryClient.getQueryData<VesselDetail>(vesselKeys.detail(Number(match[1]))) : undefined;
  return vessel ? { id: vessel.id, name: vessel.name } : null;
}

export function showError(error: CaughtError): void {
  errorDialog.send({ type: 'ERROR.CAUGHT', error });
}

/** The live stream's connections count like requests towards the Connection Issue dialog (spec 8). */
export const streamHealth = {
  onOpen: () => {
    lastKnownMode.set(false);
    connectivity.send({ type: 'REQUEST_SUCCEEDED' });
  },
  onFailure: () => connectivity.send({ type: 'CONNECTION_FAILED' }),
};

/**
 * Without an answer from the server (no response, or 502/503/504), the last known copy of a
 * query (restored by app/offlineCache.ts) stands in for the answer, so a signed-in phone opens
 * offline; any other failure (a 401 above all) stays a failure.
 */
async function lastKnownWhenOffline<T>(queryKey: QueryKey, fetch: () => Promise<T>): Promise<T> {
  try {
    return await fetch();
  } catch (error) {
    const lastKnown = queryClient.getQueryData<T>(queryKey);
    if (isApiError(error) && classifyStatus(error.status) === 'connection-failure' && lastKnown !== undefined) {
      lastKnownMode.set(true);
      return lastKnown;
    }
    throw error;
  }
}

/**
 * The profile's language follows the profile as the cache holds it: saved on the profile screen,
 * the app switches at once; signed out (`resetCaches`), back to the browser's language.
 */
function followProfileLanguage(): void {
  queryClient.getQueryCache().subscribe((event) => {
    if (event.type === 'updated' && event.action.type === 'success' && event.query.queryHash === hashKey(profileKeys.details)) {
      void adoptProfileLanguage((event.query.state.data as Profile | undefined)?.languageCode).catch(() => undefined);
    }
  });
}

let started = false;

let permissionsCheckedAt = -Infinity;

/**
 * A refusal may mean the person's rights changed while the app was open (an owner paused them, a
 * grant ran out) or the session ended: the session is checked again (a dead one answers 401 and
 * signs out) and the vessels with their permissions are read again, so the screens follow (spec
 * 000 §8). Only the lists and the vessels' details: the refused section itself is not asked
 * again, and one check covers a burst of refusals.
 */
function recheckPermissions(): void {
  if (!session.getSnapshot().hasTag('authenticated') || performance.now() - permissionsCheckedAt < 5_000) return;
  permissionsCheckedAt = performance.now();
  void queryClient.invalidateQueries({ queryKey: sessionKeys.user });
  void queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] === vesselKeys.all[0] && query.queryKey.length <= 2 });
}
export function startServices(): void {
  if (started) return;
  started = true;
  configureApi({
    getToken: () => session.getSnapshot().context.token,
    onOutcome: (outcome) => {
      if (outcome === 'ok') {
        lastKnownMode.set(false);
        connectivity.send({ type: 'REQUEST_SUCCEEDED' });
      }
      // Offline or not, on the last known copy or not: every failure counts (spec 4 and 8).
      else if (outcome === 'connection-failure') connectivity.send({ type: 'CONNECTION_FAILED' });
    },
    onUnauthorized: () => session.send({ type: 'SESSION_EXPIRED' }),
    onForbidden: recheckPermissions,
  });
  followProfileLanguage();
  connectivity.start();
  toaster.start();
  errorDialog.start();
  session.start();
}
