import { assign, setup } from 'xstate';
import english from '../../locales/en/connectivity.json';

/** More than this many consecutive connection failures mark the server unreachable (spec 9). */
export const UNREACHABLE_THRESHOLD = 3;

/** The specification's words for the dialog, in English; the dialog shows them in the person's language (connectivity catalogue). */
export const CONNECTION_ISSUE_TITLE = english.dialog.title;
export const CONNECTION_ISSUE_MESSAGE = english.dialog.message;

export type ConnectivityEvent =
  | { type: 'REQUEST_SUCCEEDED' }
  /** A 502, 503, 504 or no response at all. */
  | { type: 'CONNECTION_FAILED' }
  | { type: 'DIALOG_CLOSED' };

/**
 * Counts consecutive connection failures; above the threshold the app is unreachable and the
 * Connection Issue dialog is open until the user closes it, which reloads the page, or until a
 * request succeeds again: the server is back, and the dialog closes by itself without a reload.
 * Closed while the device is offline (no reload: the page would not come back), the dialog stays
 * closed while the failures go on, the app still unreachable, until a request succeeds: the person
 * has read it, and the page's retries must not put it back every few seconds (docs/decisions.md,
 * "Phone app").
 */
export const connectivityMachine = setup({
  types: {
    context: {} as { consecutiveFailures: number },
    events: {} as ConnectivityEvent,
  },
  actions: {
    reloadPage: () => {},
    resetFailures: assign({ consecutiveFailures: 0 }),
    countFailure: assign({ consecutiveFailures: ({ context }) => context.consecutiveFailures + 1 }),
  },
  guards: {
    isAboveThreshold: ({ context }) => context.consecutiveFailures > UNREACHABLE_THRESHOLD,
  },
}).createMachine({
  id: 'connectivity',
  context: { consecutiveFailures: 0 },
  initial: 'reachable',
  on: {
    REQUEST_SUCCEEDED: { actions: 'resetFailures' },
  },
  states: {
    reachable: {
      on: {
        CONNECTION_FAILED: { target: 'checkingThreshold', actions: 'countFailure' },
      },
    },
    checkingThreshold: {
      always: [{ guard: 'isAboveThreshold', target: 'unreachable' }, { target: 'reachable' }],
    },
    unreachable: {
      tags: ['unreachable', 'dialogOpen'],
      on: {
        CONNECTION_FAILED: { actions: 'countFailure' },
        REQUEST_SUCCEEDED: { target: 'reachable', actions: 'resetFailures' },
        DIALOG_CLOSED: { target: 'dismissed', actions: 'reloadPage' },
      },
    },
    dismissed: {
      tags: ['unreachable'],
      on: {
        CONNECTION_FAILED: { actions: 'countFailure' },
        REQUEST_SUCCEEDED: { target: 'reachable', actions: 'resetFailures' },
      },
    },
  },
});
