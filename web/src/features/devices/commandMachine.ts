import { assign, fromPromise, raise, setup } from 'xstate';
import { COMMAND_STATES, isFinalCommandState } from '../../../../contracts/live';
import { i18n } from '../../i18n';
import { newRequestId } from '../../lib/requestId';
import type { CommandState, CommandStatus } from './types';

/** How long the "confirmed" tick stays next to a control before it returns to rest. */
export const COMMAND_DONE_DISPLAY_MS = 2000;

/** The expiries a user may choose for a command queued while the vessel is offline (their words: DevicesTab). */
export const QUEUE_CHOICES = [{ seconds: 15 * 60 }, { seconds: 3600 }, { seconds: 24 * 3600 }] as const;

export interface CommandInput {
  vesselId: number;
  propertyId: number;
}

/** What `sendCommand` is given: the machine names the command itself, so every channel can report it. */
export interface SendCommandInput extends CommandInput {
  requestId: string;
  value: unknown;
  queueForSeconds?: number;
}

export type CommandEvent =
  /** `queueForSeconds`: the vessel is offline and the user chose to wait for it this long. */
  | { type: 'SEND'; value: unknown; queueForSeconds?: number }
  /** A state of a command: the HTTP answer or the live stream's `command` event; only this command's own are taken. */
  | { type: 'COMMAND.STATUS'; status: Pick<CommandStatus, 'requestId' | 'state' | 'statusCode' | 'message' | 'expiresAt'> }
  | { type: 'ACKNOWLEDGE' };

export interface CommandContext extends CommandInput {
  /** The command in flight, made when it is sent. */
  requestId: string | null;
  /** The value being sent, shown in the control while the command is pending. */
  requestedValue: unknown;
  commandState: CommandState | null;
  statusCode: number | null;
  message: string | null;
  /** How long the user let the command wait for an offline vessel. */
  queueForSeconds: number | undefined;
  /** Until when a queued command waits for the vessel (ISO). */
  expiresAt: string | null;
}

/** The catalogue key of each status code's words (devices namespace). */
const FAILURE_BY_STATUS: Record<number, string> = {
  400: 'devices:command.refused',
  403: 'devices:command.refusedOnBoard',
  405: 'devices:command.notWritable',
  418: 'devices:command.offline',
  502: 'devices:command.deviceNoAnswer',
  504: 'devices:command.bridgeNoAnswer',
};

const TEXT_BY_STATE: Partial<Record<CommandState, string>> = {
  TIMEOUT: 'devices:command.timedOut',
  EXPIRED: 'devices:command.expired',
  REPLACED: 'devices:command.replaced',
};

/** What the user reads when a command does not go through: its final state, else the bridge's status code (docs/protocol.md), in words. */
export function commandFailureText(statusCode: number | null, message?: string | null, state?: CommandState): string {
  if (message) return message;
  const byState = state ? TEXT_BY_STATE[state] : undefined;
  if (byState) return i18n.t(byState);
  if (statusCode === null) return i18n.t('devices:command.serverNoAnswer');
  const byStatus = FAILURE_BY_STATUS[statusCode];
  return byStatus ? i18n.t(byStatus) : i18n.t('devices:command.failedWithStatus', { status: statusCode });
}

/** A command's state as the server reports it; anything outside the contract counts as a failure. */
export function commandStateOf(raw: string): CommandState {
  return COMMAND_STATES.find((state) => state === raw) ?? 'FAILED';
}

const SEND = { target: '#command.sending', actions: 'startCommand' } as const;

/** Where a status of this command leads; a status of any other command is not taken. */
const COMMAND_STATUS = [
  { guard: { type: 'isState', params: { states: ['CONFIRMED'] } }, target: '#command.confirmed', actions: 'recordStatus' },
  { guard: { type: 'isState', params: { states: ['REPLACED'] } }, target: '#command.replaced', actions: 'recordStatus' },
  { guard: { type: 'isState', params: { states: ['FAILED', 'TIMEOUT', 'EXPIRED'] } }, target: '#command.failed', actions: 'recordStatus' },
  { guard: { type: 'isState', params: { states: ['QUEUED'] } }, target: '#command.queued', actions: 'recordStatus' },
  { guard: 'isOwn', target: '#command.awaiting', actions: 'recordStatus' },
] as const;

/**
 * One control's command to the bridge: POST sendCommand with a requestId made here, then
 * follow that command (and no other: a second tab switching the same light sends its own) through
 * QUEUED, SENT and ACKNOWLEDGED to its final state, from the HTTP answer or the live stream,
 * whichever comes first.
 */
export const commandMachine = setup({
  types: {
    context: {} as CommandContext,
    events: {} as CommandEvent,
    input: {} as CommandInput,
  },
  actors: {
    sendCommand: fromPromise<Pick<CommandStatus, 'state' | 'statusCode'> & Partial<CommandStatus>, SendCommandInput>(() =>
      Promise.reject(new Error('The command machine needs a "sendCommand" actor')),
    ),
  },
  delays: { doneDisplay: COMMAND_DONE_DISPLAY_MS },
  actions: {
    notifyFailed: (_, _params: { statusCode: number | null; message: string }) => {},
    startCommand: assign(({ event }) => {
      if (event.type !== 'SEND') return {};
      return {
        requestId: newRequestId(),
        requestedValue: event.value,
        queueForSeconds: event.queueForSeconds,
        commandState: null,
        statusCode: null,
        message: null,
        expiresAt: null,
      };
    }),
    recordStatus: assign(({ event }) => {
      if (event.type !== 'COMMAND.STATUS') return {};
      const { state, statusCode, expiresAt } = event.status;
      const ended = state !== 'CONFIRMED' && isFinalCommandState(state);
      return {
        commandState: state,
        statusCode,
        expiresAt: expiresAt ?? null,
        message: ended ? commandFailureText(statusCode, event.status.message, state) : null,
      };
    }),
  },
  guards: {
    isOwn: ({ context, event }) => event.type === 'COMMAND.STATUS' && event.status.requestId === context.requestId,
    isState: ({ context, event }, params: { states: readonly CommandState[] }) =>
      event.type === 'COMMAND.STATUS' && event.status.requestId === context.requestId && params.states.includes(event.status.state),
  },
}).createMachine({
  id: 'command',
  context: ({ input }) => ({
    ...input,
    requestId: null,
    requestedValue: undefined,
    commandState: null,
    statusCode: null,
    message: null,
    queueForSeconds: undefined,
    expiresAt: null,
  }),
  initial: 'idle',
  states: {
    idle: {
      on: { SEND },
    },
    sending: {
      tags: ['pending'],
      on: { 'COMMAND.STATUS': [...COMMAND_STATUS] },
      invoke: {
        src: 'sendCommand',
        input: ({ context }) => ({
          vesselId: context.vesselId,
          propertyId: context.propertyId,
          requestId: context.requestId!,
          value: context.requestedValue,
          queueForSeconds: context.queueForSeconds,
        }),
        // The HTTP answer is this command's by construction.
        onDone: {
          actions: raise(({ context, event }) => ({
            type: 'COMMAND.STATUS' as const,
            status: {
              requestId: context.requestId!,
              state: commandStateOf(event.output.state),
              statusCode: event.output.statusCode,
              message: event.output.message,
              expiresAt: event.output.expiresAt ?? null,
            },
          })),
        },
        onError: {
          target: 'failed',
          actions: assign(({ event }) => {
            const error = event.error as { status?: number | null; serverMessage?: string };
            const statusCode = typeof error?.status === 'number' ? error.status : null;
            return { commandState: 'FAILED' as const, statusCode, message: commandFailureText(statusCode, error?.serverMessage) };
          }),
        },
      },
    },
    /** Sent or acknowledged: waiting for the final state. */
    awaiting: {
      tags: ['pending'],
      on: { 'COMMAND.STATUS': [...COMMAND_STATUS] },
    },
    /** The vessel is offline; the command waits for it until it expires. A new value replaces it. */
    queued: {
      tags: ['queued'],
      on: { SEND, 'COMMAND.STATUS': [...COMMAND_STATUS] },
    },
    confirmed: {
      tags: ['done'],
      after: { doneDisplay: 'idle' },
      on: { SEND },
    },
    replaced: {
      tags: ['ended'],
      on: {
        SEND,
        ACKNOWLEDGE: { target: 'idle', actions: assign({ commandState: null, statusCode: null, message: null }) },
      },
    },
    failed: {
      tags: ['failed', 'ended'],
      entry: {
        type: 'notifyFailed',
        params: ({ context }) => ({ statusCode: context.statusCode, message: context.message ?? '' }),
      },
      on: {
        SEND,
        ACKNOWLEDGE: { target: 'idle', actions: assign({ commandState: null, statusCode: null, message: null }) },
      },
    },
  },
});
