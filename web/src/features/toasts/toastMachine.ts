import { assign, sendParent, setup } from 'xstate';

export type ToastType = 'blank' | 'error' | 'success' | 'loading';

/** How long a toast stays before it dismisses itself (spec 9); loading toasts stay until updated. */
export const TOAST_DURATION_MS: Record<Exclude<ToastType, 'loading'>, number> = {
  blank: 4000,
  error: 4000,
  success: 2000,
};

/** A dismissed toast animates out and is removed this long after dismissal. */
export const TOAST_REMOVAL_DELAY_MS = 1000;

export interface ToastContent {
  type: ToastType;
  message: string;
}

export type ToastEvent = { type: 'DISMISS' } | { type: 'UPDATE'; content: ToastContent };

/** One toast: shown, then dismissed (by its timer or the user), then removed. */
export const toastMachine = setup({
  types: {
    context: {} as ToastContent & { id: string },
    events: {} as ToastEvent,
    input: {} as ToastContent & { id: string },
  },
  delays: {
    displayDuration: ({ context }) => (context.type === 'loading' ? 0 : TOAST_DURATION_MS[context.type]),
    removalDelay: TOAST_REMOVAL_DELAY_MS,
  },
  guards: {
    isLoading: ({ context }) => context.type === 'loading',
  },
  actions: {
    notifyDismissed: sendParent(({ context }) => ({ type: 'TOAST.DISMISSED' as const, id: context.id })),
    notifyRemoved: sendParent(({ context }) => ({ type: 'TOAST.REMOVED' as const, id: context.id })),
  },
}).createMachine({
  id: 'toast',
  context: ({ input }) => ({ ...input }),
  initial: 'visible',
  states: {
    visible: {
      tags: ['visible'],
      initial: 'choosingTimer',
      on: {
        DISMISS: 'dismissed',
        UPDATE: {
          target: 'visible',
          reenter: true,
          actions: assign(({ event }) => ({ ...event.content })),
        },
      },
      states: {
        choosingTimer: {
          always: [{ guard: 'isLoading', target: 'untilUpdated' }, { target: 'timed' }],
        },
        timed: {
          after: { displayDuration: '#toast.dismissed' },
        },
        untilUpdated: {},
      },
    },
    dismissed: {
      tags: ['dismissed'],
      entry: 'notifyDismissed',
      after: { removalDelay: 'removed' },
    },
    removed: {
      type: 'final',
      entry: 'notifyRemoved',
    },
  },
});
