import { assign, setup } from 'xstate';
import english from '../../locales/en/modal.json';

/** The close animation (spec 9). */
export const MODAL_CLOSE_ANIMATION_MS = 300;

/** The specification's words, in English; the modal shows them in the person's language (modal catalogue). */
export const UNSAVED_CHANGES_TEXT = english.modal.unsavedChanges;

export type ModalEvent =
  | { type: 'OPEN' }
  /** Close button, Escape or a click on the backdrop: asks first when there are unsaved changes. */
  | { type: 'CLOSE' }
  /** The form was saved or the owner closed the modal itself: no confirmation. */
  | { type: 'CLOSE_NOW' }
  | { type: 'SET_DIRTY'; dirty: boolean }
  /** "Go Back" in the unsaved-changes confirmation. */
  | { type: 'GO_BACK' }
  /** "Close" in the unsaved-changes confirmation. */
  | { type: 'DISCARD_CHANGES' };

export const modalMachine = setup({
  types: {
    context: {} as { dirty: boolean },
    events: {} as ModalEvent,
  },
  delays: { closeAnimation: MODAL_CLOSE_ANIMATION_MS },
  actions: {
    notifyClosed: () => {},
  },
  guards: {
    hasUnsavedChanges: ({ context }) => context.dirty,
  },
}).createMachine({
  id: 'modal',
  context: { dirty: false },
  initial: 'closed',
  on: {
    SET_DIRTY: { actions: assign({ dirty: ({ event }) => event.dirty }) },
  },
  states: {
    closed: {
      on: { OPEN: 'open' },
    },
    open: {
      tags: ['visible'],
      initial: 'editing',
      on: { CLOSE_NOW: 'closing' },
      states: {
        editing: {
          on: {
            CLOSE: [{ guard: 'hasUnsavedChanges', target: 'confirmingClose' }, { target: '#modal.closing' }],
          },
        },
        confirmingClose: {
          tags: ['confirmingClose'],
          on: {
            GO_BACK: 'editing',
            DISCARD_CHANGES: '#modal.closing',
          },
        },
      },
    },
    closing: {
      tags: ['visible', 'closing'],
      after: {
        closeAnimation: { target: 'closed', actions: [assign({ dirty: false }), 'notifyClosed'] },
      },
    },
  },
});
