import { classifyStatus, isApiError, lockoutMessage } from '../../lib/api';
import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import type { Credentials } from './types';

export interface SessionContext {
  /** The session key; persisted, with the invitation-modal flags, as the account state. */
  token: string | null;
  /** Why the last login or session load failed, for the login form. */
  error: string | null;
  showInvitationModal: boolean;
  invitationModalDisabled: boolean;
  /** The session being loaded was just signed in on this device (not restored from storage). */
  signingIn: boolean;
}

export type SessionEvent =
  | { type: 'LOGIN'; credentials: Credentials }
  | { type: 'LOGOUT' }
  /** The API answered 401: the session ended on the server. */
  | { type: 'SESSION_EXPIRED' }
  | { type: 'RELOAD' }
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
  if (isApiError(error) && error.status === 429) return lockoutMessage(error.retryAfterSeconds);
  return error instanceof Error && error.message ? error.message : fallback;
}

/** The server gave no answer (no response, or 502/503/504): nothing is known about the session. */
export const NO_ANSWER_MESSAGE = 'The server could not be reached. Your session is kept: open the app again when you are online.';
const isNoAnswer = (error: unknown) => isApiError(error) && classifyStatus(error.status) === 'connection-failure';

const accountState = ({ context }: { context: SessionContext }): AccountState => ({
  token: context.token!,
  showInvitationModal: context.showInvitationModal,
  invitationModalDisabled: context.invitationModalDisabled,
});

const signedOutContext = (error: string | null = null): Partial<SessionContext> => ({
  token: null,
  error,
  signingIn: false,
  showInvitationModal: true,
  invitationModalDisabled: false,
});

/**
 * The signed-in session: login, the session check on start, loading of the session data,
 * logout and the invitation modal flags. The machine holds the token and where the session
 * stands, nothing the server owns: the checked user, profile, preferences and navigation are
 * queries, which the provided `checkSession` and `loadSessionData` actors put into the Query
 * cache. Storage and caches are side effects the app provides (`persistAccount`,
 * `clearPersistedState`, `resetCaches`).
 */
export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
    input: {} as SessionInput,
  },
  actors: {
    login: fromPromise<string, Credentials>(notProvided('login')),
    checkSession: fromPromise<void, { token: string }>(notProvided('checkSession')),
    loadSessionData: fromPromise<void, { token: string }>(notProvided('loadSessionData')),
    logout: fromPromise<void, { token: string }>(notProvided('logout')),
  },
  actions: {
    persistAccount: (_, _params: AccountState) => {},
    clearPersistedState: () => {},
    resetCaches: () => {},
    /** After a sign-in on this device, once the session data is loaded: the account's settings that this device adopts (its theme). */
    adoptAccountSettings: () => {},
    resetSession: assign(() => signedOutContext()),
  },
  guards: {
    hasToken: ({ context }) => context.token !== null,
    noAnswer: (_, params: { error: unknown }) => isNoAnswer(params.error),
  },
}).createMachine({
  id: 'session',
  context: ({ input }) => ({
    token: input.token,
    error: null,
    showInvitationModal: input.showInvitationModal ?? true,
    invitationModalDisabled: input.invitationModalDisabled ?? false,
    signingIn: false,
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
          actions: [assign({ token: ({ event }) => event.output, signingIn: true }), { type: 'persistAccount', params: accountState }],
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
        onDone: 'loadingSessionData',
        onError: [
          // No answer (and no last known copy to open from, services.ts): the session may well be
          // alive, so the stored account and copy are kept for the next start with a network.
          {
            guard: { type: 'noAnswer', params: ({ event }) => ({ error: event.error }) },
            target: 'signedOut',
            actions: ['resetSession', assign({ error: NO_ANSWER_MESSAGE })],
          },
          { target: 'signedOut', actions: ['resetSession', 'clearPersistedState', 'resetCaches'] },
        ],
      },
    },
    loadingSessionData: {
      tags: ['loading'],
      invoke: {
        src: 'loadSessionData',
        input: ({ context }) => ({ token: context.token! }),
        onDone: [
          { guard: ({ context }) => context.signingIn, target: 'signedIn', actions: ['adoptAccountSettings', assign({ signingIn: false })] },
          { target: 'signedIn' },
        ],
        onError: [
          {
            guard: { type: 'noAnswer', params: ({ event }) => ({ error: event.error }) },
            target: 'signedOut',
            actions: ['resetSession', assign({ error: NO_ANSWER_MESSAGE })],
          },
          {
            target: 'signedOut',
            actions: [
              'resetSession',
              assign({ error: ({ event }) => `Your session could not be loaded: ${messageOf(event.error, 'unknown error')}` }),
              'clearPersistedState',
              'resetCaches',
            ],
          },
        ],
      },
    },
    signedIn: {
      tags: ['authenticated'],
      on: {
        LOGOUT: 'loggingOut',
        RELOAD: 'loadingSessionData',
        'INVITATION_MODAL.CLOSE': {
          actions: [assign({ showInvitationModal: false }), { type: 'persistAccount', params: accountState }],
        },
        'INVITATION_MODAL.DISABLE': {
          actions: [assign({ showInvitationModal: false, invitationModalDisabled: true }), { type: 'persistAccount', params: accountState }],
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
