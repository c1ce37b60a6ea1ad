import { assign, setup } from 'xstate';
import { isFinalCommandState } from '../../../../contracts/live';
import { i18n } from '../../i18n';
import { newRequestId } from '../../lib/requestId';
import type { SendCommandInput } from './queries';
import type { CommandState, CommandStatus } from './types';

/** How long the "confirmed" tick stays next to a control before it returns to rest. */
export const COMMAND_DONE_DISPLAY_MS = 2000;

/** The expiries a user may choose for a command queued while the vessel is offline (their words: DevicesTab). */
export const QUEUE_CHOICES = [{ seconds: 15 * 60 }, { seconds: 3600 }, { seconds: 24 * 3600 }] as const;

export interface CommandInput {
  vesselId: number;
  propertyId: number;
}

export type CommandEvent =
  /** `queueForSeconds`: the vessel is offline and the user chose to wait for it this long. */
  | { type: 'SEND'; value: unknown; queueForSeconds?: number }
  /** The followed command's entry in the Query cache reached a final state (settledEvent). */
  | { type: 'SETTLED'; requestId: string; outcome: 'confirmed' | 'failed' | 'replaced'; statusCode: number | null; message: string }
  | { type: 'ACKNOWLEDGE' };

/** The control's side of a command: which one it follows and the value it asked for. Where the command stands is the Query cache's. */
export interface CommandContext extends CommandInput {
  /** The command the control follows, made when it is sent. */
  requestId: string | null;
  /** The value being sent, shown in the control while the command is pending. */
  requestedValue: unknown;
  /** How long the user let the command wait for an offline vessel. */
  queueForSeconds: number | undefined;
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

/** What a control shows of the command it follows, read from the Query cache and the send mutation. */
export interface CommandView {
  pending: boolean;
  queued: boolean;
  /** Confirmed. */
  done: boolean;
  failed: boolean;
  /** Failed or replaced: the reason stays until it is dismissed. */
  ended: boolean;
  commandState: CommandState | null;
  statusCode: number | null;
  message: string | null;
  /** Until when a queued command waits for the vessel (ISO). */
  expiresAt: string | null;
}

const AT_REST: CommandView = {
  pending: false,
  queued: false,
  done: false,
  failed: false,
  ended: false,
  commandState: null,
  statusCode: null,
  message: null,
  expiresAt: null,
};

/**
 * Where the followed command stands: its entry in the Query cache (the POST's answer or the live
 * stream, whichever came first), else the POST's failure, else it is being sent. A control that
 * follows no command is at rest.
 */
export function commandView(following: boolean, status: CommandStatus | undefined, sendError: unknown): CommandView {
  if (!following) return AT_REST;
  if (status) {
    const { state, statusCode } = status;
    const final = isFinalCommandState(state);
    const ended = final && state !== 'CONFIRMED';
    return {
      pending: !final && state !== 'QUEUED',
      queued: state === 'QUEUED',
      done: state === 'CONFIRMED',
      failed: ended && state !== 'REPLACED',
      ended,
      commandState: state,
      statusCode,
      message: ended ? commandFailureText(statusCode, status.message, state) : null,
      expiresAt: status.expiresAt ?? null,
    };
  }
  if (sendError) {
    const error = sendError as { status?: number | null; serverMessage?: string };
    const statusCode = typeof error.status === 'number' ? error.status : null;
    return { ...AT_REST, failed: true, ended: true, commandState: 'FAILED', statusCode, message: commandFailureText(statusCode, error.serverMessage) };
  }
  return { ...AT_REST, pending: true };
}

/** The event that tells the machine the followed command settled, null while it has not. */
export function settledEvent(requestId: string | null, view: CommandView): Extract<CommandEvent, { type: 'SETTLED' }> | null {
  if (!requestId || !(view.done || view.ended)) return null;
  return {
    type: 'SETTLED',
    requestId,
    outcome: view.done ? 'confirmed' : view.failed ? 'failed' : 'replaced',
    statusCode: view.statusCode,
    message: view.message ?? '',
  };
}

const SEND = { target: '#command.following', reenter: true, actions: 'startCommand' } as const;

/**
 * One control's part in a command to the bridge: it names the command (a requestId made here),
 * has it sent (the `sendCommand` action: the send mutation), follows that command (and no other:
 * a second tab switching the same light sends its own) until it settles, shows the confirmation
 * for a moment and a failure until it is dismissed. Where the command stands (queued, sent,
 * acknowledged, its final state) is server state: the command's entry in the Query cache
 * (devices/queries.ts), which the hook reads and reports here once it settles (SETTLED).
 */
export const commandMachine = setup({
  types: {
    context: {} as CommandContext,
    events: {} as CommandEvent,
    input: {} as CommandInput,
  },
  delays: { doneDisplay: COMMAND_DONE_DISPLAY_MS },
  actions: {
    sendCommand: (_, _input: SendCommandInput) => {},
    notifyFailed: (_, _params: { statusCode: number | null; message: string }) => {},
    startCommand: assign(({ event }) => {
      if (event.type !== 'SEND') return {};
      return { requestId: newRequestId(), requestedValue: event.value, queueForSeconds: event.queueForSeconds };
    }),
  },
  guards: {
    isOwn: ({ context, event }, params: { outcome: 'confirmed' | 'failed' | 'replaced' }) =>
      event.type === 'SETTLED' && event.requestId === context.requestId && event.outcome === params.outcome,
  },
}).createMachine({
  id: 'command',
  context: ({ input }) => ({ ...input, requestId: null, requestedValue: undefined, queueForSeconds: undefined }),
  initial: 'idle',
  states: {
    idle: {
      on: { SEND },
    },
    /** Sent, queued, sent on, acknowledged: waiting for the final state. A new value replaces a queued command. */
    following: {
      entry: {
        type: 'sendCommand',
        params: ({ context }) => ({
          vesselId: context.vesselId,
          propertyId: context.propertyId,
          requestId: context.requestId!,
          value: context.requestedValue,
          queueForSeconds: context.queueForSeconds,
        }),
      },
      on: {
        SEND,
        SETTLED: [
          { guard: { type: 'isOwn', params: { outcome: 'confirmed' } }, target: 'confirmed' },
          { guard: { type: 'isOwn', params: { outcome: 'replaced' } }, target: 'ended' },
          {
            guard: { type: 'isOwn', params: { outcome: 'failed' } },
            target: 'ended',
            actions: { type: 'notifyFailed', params: ({ event }) => ({ statusCode: event.statusCode, message: event.message }) },
          },
        ],
      },
    },
    confirmed: {
      after: { doneDisplay: 'idle' },
      on: { SEND },
    },
    /** Failed or replaced: the reason stays next to the control until it is dismissed or a new value is sent. */
    ended: {
      on: { SEND, ACKNOWLEDGE: 'idle' },
    },
  },
});
