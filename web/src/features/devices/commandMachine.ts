import { assign, fromPromise, setup } from 'xstate';
import type { CommandResult, LiveCommandEvent } from './types';

/** How long the "done" tick stays next to a control before it returns to rest. */
export const COMMAND_DONE_DISPLAY_MS = 2000;

export type CommandEvent =
  | { type: 'SEND'; value: unknown }
  /** A `command` event of the live stream for this property. */
  | { type: 'LIVE.COMMAND'; command: LiveCommandEvent }
  | { type: 'ACKNOWLEDGE' };

export interface CommandContext {
  vesselId: string;
  propertyId: string;
  /** The value being sent, shown in the control while the command is pending. */
  requestedValue: unknown;
  statusCode: number | null;
  message: string | null;
}

const FAILURE_BY_STATUS: Record<number, string> = {
  400: 'The device refused the value',
  403: 'Refused on board',
  405: 'This property cannot be changed',
  418: 'The vessel is offline',
  502: 'The device did not answer',
  504: 'The bridge did not answer in time',
};

/** What the user reads when a command fails: the bridge's status code (BRIDGE.md) in words. */
export function commandFailureText(statusCode: number | null, message?: string | null): string {
  if (message) return message;
  if (statusCode === null) return 'No answer from the server';
  return FAILURE_BY_STATUS[statusCode] ?? `Failed with status code ${statusCode}`;
}

/**
 * One control's command to the bridge: POST sendCommand, pending until the final answer (the
 * POST's own answer or the live stream's, whichever comes first), then done or failed.
 */
export const commandMachine = setup({
  types: {
    context: {} as CommandContext,
    events: {} as CommandEvent,
    input: {} as { vesselId: string; propertyId: string },
  },
  actors: {
    sendCommand: fromPromise<CommandResult, { vesselId: string; propertyId: string; value: unknown }>(() =>
      Promise.reject(new Error('The command machine needs a "sendCommand" actor')),
    ),
  },
  delays: { doneDisplay: COMMAND_DONE_DISPLAY_MS },
  actions: {
    notifyFailed: (_, _params: { statusCode: number | null; message: string }) => {},
    notifyCompleted: () => {},
  },
  guards: {
    isCompleted: (_, params: { state: string }) => params.state === 'COMPLETED',
    isFinalFailure: (_, params: { state: string }) => params.state === 'FAILED' || params.state === 'TIMEOUT',
  },
}).createMachine({
  id: 'command',
  context: ({ input }) => ({ ...input, requestedValue: undefined, statusCode: null, message: null }),
  initial: 'idle',
  states: {
    idle: {
      on: { SEND: { target: 'pending', actions: assign({ requestedValue: ({ event }) => event.value }) } },
    },
    pending: {
      tags: ['pending'],
      invoke: {
        src: 'sendCommand',
        input: ({ context }) => ({ vesselId: context.vesselId, propertyId: context.propertyId, value: context.requestedValue }),
        onDone: [
          {
            guard: { type: 'isCompleted', params: ({ event }) => ({ state: event.output.state }) },
            target: 'done',
          },
          {
            target: 'failed',
            actions: assign({
              statusCode: ({ event }) => event.output.statusCode,
              message: ({ event }) => commandFailureText(event.output.statusCode, event.output.message),
            }),
          },
        ],
        onError: {
          target: 'failed',
          actions: assign(({ event }) => {
            const error = event.error as { status?: number | null; serverMessage?: string };
            const statusCode = typeof error?.status === 'number' ? error.status : null;
            return { statusCode, message: commandFailureText(statusCode, error?.serverMessage) };
          }),
        },
      },
      on: {
        'LIVE.COMMAND': [
          {
            guard: { type: 'isCompleted', params: ({ event }) => ({ state: event.command.state }) },
            target: 'done',
          },
          {
            guard: { type: 'isFinalFailure', params: ({ event }) => ({ state: event.command.state }) },
            target: 'failed',
            actions: assign({
              statusCode: ({ event }) => event.command.statusCode,
              message: ({ event }) => commandFailureText(event.command.statusCode, event.command.message),
            }),
          },
        ],
      },
    },
    done: {
      tags: ['done'],
      entry: 'notifyCompleted',
      after: { doneDisplay: 'idle' },
      on: { SEND: { target: 'pending', actions: assign({ requestedValue: ({ event }) => event.value }) } },
    },
    failed: {
      tags: ['failed'],
      entry: {
        type: 'notifyFailed',
        params: ({ context }) => ({ statusCode: context.statusCode, message: context.message ?? '' }),
      },
      on: {
        SEND: {
          target: 'pending',
          actions: assign({ requestedValue: ({ event }) => event.value, statusCode: null, message: null }),
        },
        ACKNOWLEDGE: { target: 'idle', actions: assign({ statusCode: null, message: null }) },
      },
    },
  },
});
