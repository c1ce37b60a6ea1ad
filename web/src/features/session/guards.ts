import { redirect } from '@tanstack/react-router';
import { waitFor, type ActorRefFrom } from 'xstate';
import { isSettled, type sessionMachine } from './sessionMachine';

type SessionRef = ActorRefFrom<typeof sessionMachine>;

/** Waits for a pending session check or login to settle and tells whether the user is signed in. */
export async function isAuthenticated(session: SessionRef): Promise<boolean> {
  const snapshot = await waitFor(session, isSettled, { timeout: Infinity });
  return snapshot.hasTag('authenticated');
}

/** Only same-site paths are followed after login. */
export function safeRedirectTarget(target: string | undefined): string {
  return target && target.startsWith('/') && !target.startsWith('//') ? target : '/dashboard';
}

export async function requireSession(session: SessionRef, currentHref: string): Promise<void> {
  if (!(await isAuthenticated(session))) {
    throw redirect({ to: '/', search: { redirect: currentHref } });
  }
}
