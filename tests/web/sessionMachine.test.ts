import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { ApiError } from '../../web/src/lib/api';
import { NO_ANSWER_MESSAGE, sessionMachine } from '../../web/src/features/session/sessionMachine';
import type { Credentials, SessionUser } from '../../web/src/features/session/types';
import { sessionUser } from './fixtures';

function setup(
  options: {
    token?: string | null;
    showInvitationModal?: boolean;
    login?: (credentials: Credentials) => Promise<string>;
    checkSession?: (token: string) => Promise<SessionUser>;
    loadSessionData?: () => Promise<void>;
    logout?: () => Promise<void>;
  } = {},
) {
  const calls = {
    login: vi.fn(options.login ?? (async () => 'token-from-login')),
    checkSession: vi.fn(options.checkSession ?? (async () => sessionUser())),
    loadSessionData: vi.fn(options.loadSessionData ?? (async () => undefined)),
    logout: vi.fn(options.logout ?? (async () => undefined)),
    persistAccount: vi.fn(),
    clearPersistedState: vi.fn(),
    resetCaches: vi.fn(),
    adoptAccountSettings: vi.fn(),
  };
  const machine = sessionMachine.provide({
    actors: {
      login: fromPromise(({ input }) => calls.login(input)),
      checkSession: fromPromise(async ({ input }) => {
        await calls.checkSession(input.token);
      }),
      loadSessionData: fromPromise(() => calls.loadSessionData()),
      logout: fromPromise(() => calls.logout()),
    },
    actions: {
      persistAccount: (_, account) => calls.persistAccount(account),
      clearPersistedState: () => calls.clearPersistedState(),
      resetCaches: () => calls.resetCaches(),
      adoptAccountSettings: () => calls.adoptAccountSettings(),
    },
  });
  const actor = createActor(machine, { input: { token: options.token ?? null, showInvitationModal: options.showInvitationModal } });
  actor.start();
  return { actor, calls };
}

const settled = (actor: ReturnType<typeof setup>['actor']) => waitFor(actor, (state) => !state.hasTag('loading'));

describe('session machine', () => {
  it('starts signed out without a stored token and checks nothing', () => {
    const { actor, calls } = setup();
    expect(actor.getSnapshot().hasTag('signedOut')).toBe(true);
    expect(calls.checkSession).not.toHaveBeenCalled();
    expect(actor.getSnapshot().context.showInvitationModal).toBe(true);
  });

  it('checks a stored session on start, then loads the session data, keeping only the token and where the session stands', async () => {
    const { actor, calls } = setup({ token: 'stored' });
    expect(actor.getSnapshot().hasTag('loading')).toBe(true);
    const state = await settled(actor);
    expect(state.hasTag('authenticated')).toBe(true);
    expect(calls.checkSession).toHaveBeenCalledWith('stored');
    expect(calls.loadSessionData).toHaveBeenCalledTimes(1);
    expect(Object.keys(state.context).sort()).toEqual(['error', 'invitationModalDisabled', 'showInvitationModal', 'signingIn', 'token']);
    // A restored session keeps this device's settings (its theme): only a sign-in adopts the account's.
    expect(calls.adoptAccountSettings).not.toHaveBeenCalled();
  });

  it('resets everything, including persisted storage, when the session check fails', async () => {
    const { actor, calls } = setup({ token: 'expired', checkSession: () => Promise.reject(new Error('401')) });
    const state = await settled(actor);
    expect(state.hasTag('signedOut')).toBe(true);
    expect(state.context.token).toBeNull();
    expect(calls.clearPersistedState).toHaveBeenCalledTimes(1);
    expect(calls.resetCaches).toHaveBeenCalledTimes(1);
    expect(calls.loadSessionData).not.toHaveBeenCalled();
  });

  it('keeps the stored session and copy when the server gives no answer at start (offline, no last known copy)', async () => {
    for (const status of [null, 502, 503, 504]) {
      const { actor, calls } = setup({ token: 'stored', checkSession: () => Promise.reject(new ApiError(status, 'No answer', 'POST auth/checkSession')) });
      const state = await settled(actor);
      expect(state.hasTag('signedOut')).toBe(true);
      expect(state.context.error).toBe(NO_ANSWER_MESSAGE);
      expect(calls.clearPersistedState).not.toHaveBeenCalled();
      expect(calls.resetCaches).not.toHaveBeenCalled();
    }
    const loading = setup({ token: 'stored', loadSessionData: () => Promise.reject(new ApiError(null, 'No answer', 'GET profile')) });
    await settled(loading.actor);
    expect(loading.calls.clearPersistedState).not.toHaveBeenCalled();
  });

  it('still signs out and forgets everything when the server answers 401 at start', async () => {
    const { actor, calls } = setup({ token: 'stored', checkSession: () => Promise.reject(new ApiError(401, 'Unauthorized', 'POST auth/checkSession')) });
    const state = await settled(actor);
    expect(state.hasTag('signedOut')).toBe(true);
    expect(calls.clearPersistedState).toHaveBeenCalledTimes(1);
    expect(calls.resetCaches).toHaveBeenCalledTimes(1);
  });

  it('logs in: stores the token, checks the session with it, then loads the session data', async () => {
    const { actor, calls } = setup();
    actor.send({ type: 'LOGIN', credentials: { username: 'skipper@example.com', password: 'secret-pass' } });
    expect(actor.getSnapshot().hasTag('loading')).toBe(true);
    const state = await settled(actor);
    expect(calls.login).toHaveBeenCalledWith({ username: 'skipper@example.com', password: 'secret-pass' });
    expect(calls.persistAccount).toHaveBeenCalledWith({ token: 'token-from-login', showInvitationModal: true, invitationModalDisabled: false });
    expect(calls.checkSession).toHaveBeenCalledWith('token-from-login');
    expect(state.hasTag('authenticated')).toBe(true);
    expect(state.context.token).toBe('token-from-login');
    // The account's settings (its theme) are adopted once, after the session data is loaded.
    expect(calls.adoptAccountSettings).toHaveBeenCalledTimes(1);
    expect(calls.adoptAccountSettings.mock.invocationCallOrder[0]).toBeGreaterThan(calls.loadSessionData.mock.invocationCallOrder[0]);
    expect(state.context.signingIn).toBe(false);
    actor.send({ type: 'RELOAD' });
    await settled(actor);
    expect(calls.adoptAccountSettings).toHaveBeenCalledTimes(1);
  });

  it('keeps the login error for the form and persists nothing when login fails', async () => {
    const { actor, calls } = setup({ login: () => Promise.reject(new Error('Wrong e-mail or password')) });
    actor.send({ type: 'LOGIN', credentials: { username: 'a@b.c', password: 'nope' } });
    const state = await settled(actor);
    expect(state.hasTag('signedOut')).toBe(true);
    expect(state.context.error).toBe('Wrong e-mail or password');
    expect(calls.persistAccount).not.toHaveBeenCalled();

    actor.send({ type: 'LOGIN', credentials: { username: 'a@b.c', password: 'again' } });
    expect(actor.getSnapshot().context.error).toBeNull();
  });

  it('signs out when the session data cannot be loaded, saying why', async () => {
    const { actor, calls } = setup({ token: 'stored', loadSessionData: () => Promise.reject(new Error('Server error')) });
    const state = await settled(actor);
    expect(state.hasTag('signedOut')).toBe(true);
    expect(state.context.error).toContain('Server error');
    expect(calls.clearPersistedState).toHaveBeenCalled();
  });

  it('logs out through the server and clears persisted storage even if the server call fails', async () => {
    const { actor, calls } = setup({ token: 'stored', logout: () => Promise.reject(new Error('offline')) });
    await settled(actor);
    actor.send({ type: 'LOGOUT' });
    const state = await waitFor(actor, (snapshot) => snapshot.hasTag('signedOut'));
    expect(calls.logout).toHaveBeenCalledTimes(1);
    expect(calls.clearPersistedState).toHaveBeenCalledTimes(1);
    expect(calls.resetCaches).toHaveBeenCalledTimes(1);
    expect(state.context.token).toBeNull();
  });

  it('ends the session when the API answers 401', async () => {
    const { actor, calls } = setup({ token: 'stored' });
    await settled(actor);
    actor.send({ type: 'SESSION_EXPIRED' });
    expect(actor.getSnapshot().hasTag('signedOut')).toBe(true);
    expect(calls.clearPersistedState).toHaveBeenCalledTimes(1);
  });

  it('ignores a 401 while signed out (a failed login is not a lost session)', () => {
    const { actor, calls } = setup();
    actor.send({ type: 'SESSION_EXPIRED' });
    expect(calls.clearPersistedState).not.toHaveBeenCalled();
  });

  it('shows the invitation modal by default, hides it when closed, and shows it again in the next session', async () => {
    const { actor } = setup({ token: 'stored' });
    await settled(actor);
    expect(actor.getSnapshot().context.showInvitationModal).toBe(true);
    actor.send({ type: 'INVITATION_MODAL.CLOSE' });
    expect(actor.getSnapshot().context.showInvitationModal).toBe(false);

    actor.send({ type: 'LOGOUT' });
    await waitFor(actor, (state) => state.hasTag('signedOut'));
    actor.send({ type: 'LOGIN', credentials: { username: 'a@b.c', password: 'secret-pass' } });
    const state = await settled(actor);
    expect(state.context.showInvitationModal).toBe(true);
  });

  it('turns the invitation modal off for good when asked, and remembers it across reloads', async () => {
    const { actor, calls } = setup({ token: 'stored' });
    await settled(actor);
    actor.send({ type: 'INVITATION_MODAL.DISABLE' });
    expect(actor.getSnapshot().context).toMatchObject({ showInvitationModal: false, invitationModalDisabled: true });
    expect(calls.persistAccount).toHaveBeenLastCalledWith({ token: 'stored', showInvitationModal: false, invitationModalDisabled: true });
  });

  it('starts from the persisted account state after a reload', async () => {
    const { actor } = setup({ token: 'stored', showInvitationModal: false });
    const state = await settled(actor);
    expect(state.context.showInvitationModal).toBe(false);
  });
});
