import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import type { NavigationItem, Preferences, Profile } from '../profile/types';
import type { Organisation } from '../organisation/types';
import type { Credentials, SessionData, SessionUser } from './types';

export interface SessionContext {
  /** The session key; persisted, with the invitation-modal flags, as the account state. */
  token: string | null;
  /** The result of the last successful session check. */
  user: SessionUser | null;
  profile: Profile | null;
  preferences: Preferences | null;
  navigation: NavigationItem[];
  organisation: Organisation | null;
  /** Why the last login or session load failed, for the login form. */
  error: string | null;
  showInvitationModal: boolean;
  invitationModalDisabled: boolean;
}

export type SessionEvent =
  | { type: 'LOGIN'; credentials: Credentials }
  | { type: 'LOGOUT' }
  /** The API answered 401: the session ended on the server. */
  | { type: 'SESSION_EXPIRED' }
  | { type: 'RELOAD' }
  | { type: 'PROFILE_UPDATED'; profile: Profile }
  | { type: 'PREFERENCES_UPDATED'; preferences: Preferences }
  | { type: 'INVITATION_MODAL.CLOSE' }
  | { type: 'INVITATION_MODAL.DISABLE' };

/** The persisted account state the app starts from. */
export interface SessionInput {
  token: string | null;
  showInvitationModal?: boolean;
  invitationModalDisabled?: boolean;
}

export interface AccountState {
  token: string;
  showInvitationModal: boolean;
  invitationModalDisabled: boolean;
}

const notProvided = (name: string) => () => Promise.reject(new Error(`The session machine needs a "${name}" actor`));

function messageOf(error: unknown, fallback: string): string {
  return error instanceof Error && error.message ? error.message : fallback;
}

const accountState = ({ context }: { context: SessionContext }): AccountState => ({
  token: context.token!,
  showInvitationModal: context.showInvitationModal,
  invitationModalDisabled: context.invitationModalDisabled,
});

const signedOutContext = (error: string | null = null): Partial<SessionContext> => ({
  token: null,
  user: null,
  profile: null,
  preferences: null,
  navigation: [],
  organisation: null,
  error,
  showInvitationModal: true,
  invitationModalDisabled: false,
});

/**
 * The signed-in session: login, the session check on start, loading of the session data,
 * logout and the invitation modal flags. Storage and caches are side effects the app provides
 * (`persistAccount`, `clearPersistedState`, `resetCaches`).
 */
export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
    input: {} as SessionInput,
  },
  actors: {
    login: fromPromise<string, Credentials>(notProvided('login')),
    checkSession: fromPromise<SessionUser, { token: string }>(notProvided('checkSession')),
    loadSessionData: fromPromise<SessionData, { token: string; user: SessionUser }>(notProvided('loadSessionData')),
    logout: fromPromise<void, { token: string }>(notProvided('logout')),
  },
  actions: {
    persistAccount: (_, _params: AccountState) => {},
    clearPersistedState: () => {},
    resetCaches: () => {},
    resetSession: assign(() => signedOutContext()),
  },
  guards: {
    hasToken: ({ context }) => context.token !== null,
  },
}).createMachine({
  id: 'session',
  context: ({ input }) => ({
    token: input.token,
    user: null,
    profile: null,
    preferences: null,
    navigation: [],
    organisation: null,
    error: null,
    showInvitationModal: input.showInvitationModal ?? true,
    invitationModalDisabled: input.invitationModalDisabled ?? false,
  }),
  initial: 'starting',
  on: {
    SESSION_EXPIRED: {
      guard: 'hasToken',
      target: '.signedOut',
      actions: ['resetSession', 'clearPersistedState', 'resetCaches'],
    },
  },
  states: {
    starting: {
      tags: ['loading'],
      always: [{ guard: 'hasToken', target: 'checkingSession' }, { target: 'signedOut' }],
    },
    signedOut: {
      tags: ['signedOut'],
      on: {
        LOGIN: { target: 'loggingIn', actions: assign({ error: null }) },
      },
    },
    loggingIn: {
      tags: ['loading', 'signedOut'],
      invoke: {
        src: 'login',
        input: ({ event }) => {
          if (event.type !== 'LOGIN') throw new Error('loggingIn is entered by LOGIN only');
          return event.credentials;
        },
        onDone: {
          target: 'checkingSession',
          actions: [assign({ token: ({ event }) => event.output }), { type: 'persistAccount', params: accountState }],
        },
        onError: {
          target: 'signedOut',
          actions: assign({ error: ({ event }) => messageOf(event.error, 'Login failed') }),
        },
      },
    },
    checkingSession: {
      tags: ['loading'],
      invoke: {
        src: 'checkSession',
        input: ({ context }) => ({ token: context.token! }),
        onDone: { target: 'loadingSessionData', actions: assign({ user: ({ event }) => event.output }) },
        onError: {
          target: 'signedOut',
          actions: ['resetSession', 'clearPersistedState', 'resetCaches'],
        },
      },
    },
    loadingSessionData: {
      tags: ['loading'],
      invoke: {
        src: 'loadSessionData',
        input: ({ context }) => ({ token: context.token!, user: context.user! }),
        onDone: {
          target: 'signedIn',
          actions: assign(({ event }) => ({
            profile: event.output.profile,
            preferences: event.output.preferences,
            navigation: [...event.output.navigation].sort((a, b) => a.menuOrder - b.menuOrder),
            organisation: event.output.organisation,
          })),
        },
        onError: {
          target: 'signedOut',
          actions: [
            'resetSession',
            assign({ error: ({ event }) => `Your session could not be loaded: ${messageOf(event.error, 'unknown error')}` }),
            'clearPersistedState',
            'resetCaches',
          ],
        },
      },
    },
    signedIn: {
      tags: ['authenticated'],
      on: {
        LOGOUT: 'loggingOut',
        RELOAD: 'loadingSessionData',
        PROFILE_UPDATED: { actions: assign({ profile: ({ event }) => event.profile }) },
        PREFERENCES_UPDATED: { actions: assign({ preferences: ({ event }) => event.preferences }) },
        'INVITATION_MODAL.CLOSE': {
          actions: [assign({ showInvitationModal: false }), { type: 'persistAccount', params: accountState }],
        },
        'INVITATION_MODAL.DISABLE': {
          actions: [
            assign({ showInvitationModal: false, invitationModalDisabled: true }),
            { type: 'persistAccount', params: accountState },
          ],
        },
      },
    },
    loggingOut: {
      tags: ['loading'],
      invoke: {
        src: 'logout',
        input: ({ context }) => ({ token: context.token! }),
        // The session ends locally whether or not the server could be told.
        onDone: { target: 'signedOut', actions: ['resetSession', 'clearPersistedState', 'resetCaches'] },
        onError: { target: 'signedOut', actions: ['resetSession', 'clearPersistedState', 'resetCaches'] },
      },
    },
  },
});

/** The guard for authenticated routes waits until the session is settled either way. */
export function isSettled(snapshot: SnapshotFrom<typeof sessionMachine>): boolean {
  return !snapshot.hasTag('loading');
}
