import { assign, fromPromise, setup } from 'xstate';
import { isCloseOnly, type CaughtError } from '../../lib/errorReport';

export type ErrorDialogEvent =
  | { type: 'ERROR.CAUGHT'; error: CaughtError }
  | { type: 'CLOSE' }
  | { type: 'COMMENT.CHANGE'; comment: string }
  | { type: 'REPORT.VIEW' }
  | { type: 'REPORT.HIDE' }
  | { type: 'REPORT.SEND' };

export interface ErrorDialogContext {
  caughtError: CaughtError | null;
  comment: string;
  /** View Report is offered everywhere except the cloud and demo environments. */
  canViewReport: boolean;
}

/**
 * The full-screen error dialog of spec 8. Errors the user cannot act on (418, 401, 404, 413)
 * only offer Close; any other error invites an optional comment and a report.
 */
export const errorDialogMachine = setup({
  types: {
    context: {} as ErrorDialogContext,
    events: {} as ErrorDialogEvent,
    input: {} as { canViewReport: boolean },
  },
  actors: {
    sendReport: fromPromise<void, { caughtError: CaughtError; comment: string }>(() =>
      Promise.reject(new Error('The error dialog needs a "sendReport" actor')),
    ),
  },
  actions: {
    notifyReportSent: () => {},
    notifyReportFailed: (_, _params: { error: unknown }) => {},
    clearError: assign({ caughtError: null, comment: '' }),
  },
  guards: {
    offersReport: ({ context }) => !isCloseOnly(context.caughtError),
    offersReportView: ({ context }) => context.canViewReport && !isCloseOnly(context.caughtError),
  },
}).createMachine({
  id: 'errorDialog',
  context: ({ input }) => ({ caughtError: null, comment: '', canViewReport: input.canViewReport }),
  initial: 'hidden',
  states: {
    hidden: {
      on: {
        'ERROR.CAUGHT': { target: 'shown', actions: assign({ caughtError: ({ event }) => event.error, comment: '' }) },
      },
    },
    shown: {
      tags: ['visible'],
      initial: 'summary',
      on: {
        CLOSE: { target: 'hidden', actions: 'clearError' },
        'COMMENT.CHANGE': { guard: 'offersReport', actions: assign({ comment: ({ event }) => event.comment }) },
      },
      states: {
        summary: {
          on: {
            'REPORT.VIEW': { guard: 'offersReportView', target: 'viewingReport' },
            'REPORT.SEND': { guard: 'offersReport', target: 'sending' },
          },
        },
        viewingReport: {
          tags: ['reportOpen'],
          on: {
            'REPORT.HIDE': 'summary',
            'REPORT.SEND': 'sending',
          },
        },
        sending: {
          tags: ['sending'],
          invoke: {
            src: 'sendReport',
            input: ({ context }) => ({ caughtError: context.caughtError!, comment: context.comment }),
            onDone: { target: '#errorDialog.hidden', actions: ['clearError', 'notifyReportSent'] },
            onError: {
              target: '#errorDialog.hidden',
              actions: ['clearError', { type: 'notifyReportFailed', params: ({ event }) => ({ error: event.error }) }],
            },
          },
        },
      },
    },
  },
});
