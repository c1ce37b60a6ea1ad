import { assign, setup, stopChild, type ActorRefFrom } from 'xstate';
import { toastMachine, type ToastContent } from './toastMachine';

/** At most this many toasts are on screen at once (spec 9); the oldest gives way. */
export const MAX_VISIBLE_TOASTS = 3;

export interface ToastEntry {
  id: string;
  ref: ActorRefFrom<typeof toastMachine>;
  dismissed: boolean;
}

export type ToasterEvent =
  | { type: 'TOAST.SHOW'; id: string; content: ToastContent }
  | { type: 'TOAST.UPDATE'; id: string; content: ToastContent }
  | { type: 'TOAST.DISMISS'; id: string }
  | { type: 'TOAST.DISMISSED'; id: string }
  | { type: 'TOAST.REMOVED'; id: string };

/** The toast stack at the bottom right: spawns one toast actor per toast. */
export const toasterMachine = setup({
  types: {
    context: {} as { toasts: ToastEntry[] },
    events: {} as ToasterEvent,
  },
  actors: { toast: toastMachine },
}).createMachine({
  id: 'toaster',
  context: { toasts: [] },
  on: {
    'TOAST.SHOW': {
      actions: [
        ({ context }) => {
          const visible = context.toasts.filter((toast) => !toast.dismissed);
          for (const toast of visible.slice(0, Math.max(0, visible.length - MAX_VISIBLE_TOASTS + 1))) {
            toast.ref.send({ type: 'DISMISS' });
          }
        },
        assign({
          toasts: ({ context, event, spawn }) => [
            ...context.toasts,
            {
              id: event.id,
              dismissed: false,
              ref: spawn('toast', { id: `toast-${event.id}`, input: { id: event.id, ...event.content } }),
            },
          ],
        }),
      ],
    },
    'TOAST.UPDATE': {
      actions: ({ context, event }) =>
        context.toasts.find((toast) => toast.id === event.id && !toast.dismissed)?.ref.send({ type: 'UPDATE', content: event.content }),
    },
    'TOAST.DISMISS': {
      actions: ({ context, event }) => context.toasts.find((toast) => toast.id === event.id)?.ref.send({ type: 'DISMISS' }),
    },
    'TOAST.DISMISSED': {
      actions: assign({
        toasts: ({ context, event }) => context.toasts.map((toast) => (toast.id === event.id ? { ...toast, dismissed: true } : toast)),
      }),
    },
    'TOAST.REMOVED': {
      actions: [
        stopChild(({ event }) => `toast-${event.id}`),
        assign({ toasts: ({ context, event }) => context.toasts.filter((toast) => toast.id !== event.id) }),
      ],
    },
  },
});
