/**
 * A control's command (web/src/features/devices/useCommand.ts, wired here as the hook wires it):
 * the send mutation, the command's entry in the Query cache (written by the POST's answer and the
 * live stream), and the machine that holds the control's side (which command it follows, the
 * confirmation shown for 2 s, a failure until dismissed).
 */
import { describe, expect, it, vi } from 'vitest';
import { MutationObserver, QueryClient } from '@tanstack/react-query';
import { createActor } from 'xstate';
import type { CommandStatus } from '../../contracts/live';
import { SteppingClock } from './clock';
import { commandFailureText, commandMachine, commandView, settledEvent } from '../../web/src/features/devices/commandMachine';
import { commandKey, commandStateOf, sendCommandMutation, type SendCommandInput } from '../../web/src/features/devices/queries';
import { applyLiveEvent } from '../../web/src/features/live/liveCache';
import { ApiError } from '../../web/src/lib/api';

type Answer = Pick<CommandStatus, 'state' | 'statusCode'> & Partial<CommandStatus>;

function setup(send: (input: SendCommandInput) => Promise<Answer>) {
  const clock = new SteppingClock();
  const queryClient = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  const sendCommand = vi.fn(send);
  const notifyFailed = vi.fn();
  const mutation = new MutationObserver(queryClient, {
    ...sendCommandMutation(),
    mutationFn: (input: SendCommandInput) => sendCommand(input) as Promise<CommandStatus>,
  });
  const actor = createActor(
    commandMachine.provide({
      actions: {
        sendCommand: (_, input) => void mutation.mutate(input).catch(() => undefined),
        notifyFailed: (_, params) => notifyFailed(params),
      },
    }),
    { clock, input: { vesselId: 1, propertyId: 200 } },
  ).start();

  /** What the control shows, read as useCommand reads it. */
  const view = () => {
    const snapshot = actor.getSnapshot();
    const { requestId } = snapshot.context;
    const following = !snapshot.matches('idle') && requestId !== null;
    const result = mutation.getCurrentResult();
    const sent = following && result.variables?.requestId === requestId;
    const status = requestId ? queryClient.getQueryData<CommandStatus>(commandKey(1, requestId)) : undefined;
    return commandView(following, status, sent ? result.error : null);
  };
  // useCommand's effect: the machine hears when its command settles.
  const sync = () => {
    const settled = settledEvent(actor.getSnapshot().context.requestId, view());
    if (settled) actor.send(settled);
  };
  queryClient.getQueryCache().subscribe(sync);
  mutation.subscribe(sync);

  const control = {
    view,
    requestId: () => actor.getSnapshot().context.requestId,
    requestedValue: () => actor.getSnapshot().context.requestedValue,
    /** useCommand's send: a new value is taken unless a command is on its way. */
    canSend: () => !view().pending,
    send: (value: unknown, queueForSeconds?: number) => {
      if (control.canSend()) actor.send({ type: 'SEND', value, queueForSeconds });
    },
    /** A state of a command from the live stream. */
    live: (requestId: string, state: CommandStatus['state'], statusCode = 200) =>
      applyLiveEvent(queryClient, 1, {
        type: 'command',
        data: { requestId, propertyId: 200, value: 1, state, statusCode, expiresAt: null, updatedAt: '2026-06-01T10:00:00Z' },
      }),
    until: (predicate: (view: ReturnType<typeof commandView>) => boolean) => vi.waitFor(() => expect(predicate(view())).toBe(true)),
  };
  return { control, clock, sendCommand, notifyFailed };
}

describe('device command', () => {
  it('names the command itself, is pending while sent, confirmed, and back to rest 2 s later', async () => {
    const { control, clock, sendCommand } = setup(async ({ requestId }) => ({ requestId, state: 'CONFIRMED', statusCode: 200 }));
    control.send(1);
    expect(control.view().pending).toBe(true);
    expect(control.requestedValue()).toBe(1);
    expect(control.canSend()).toBe(false);
    const requestId = control.requestId();
    expect(requestId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    await control.until((view) => view.done);
    expect(sendCommand).toHaveBeenCalledWith({ vesselId: 1, propertyId: 200, requestId, value: 1, queueForSeconds: undefined });
    clock.advance(2000);
    expect(control.view().done).toBe(false);
    expect(control.canSend()).toBe(true);
  });

  it('does not settle on the outcome of another command, such as a second tab switching the same light', () => {
    const { control } = setup(() => new Promise(() => {}));
    control.send(1);
    control.live('another-tabs-request', 'CONFIRMED');
    expect(control.view().pending).toBe(true);
    control.live('another-tabs-request', 'FAILED', 502);
    expect(control.view().pending).toBe(true);
    expect(control.view().commandState).toBeNull();
    control.live(control.requestId()!, 'CONFIRMED');
    expect(control.view().done).toBe(true);
  });

  it('follows its own command through SENT and ACKNOWLEDGED to the final state from the live stream', () => {
    const { control } = setup(() => new Promise(() => {}));
    control.send(0.5);
    const requestId = control.requestId()!;
    control.live(requestId, 'SENT', 202);
    expect(control.view().commandState).toBe('SENT');
    control.live(requestId, 'ACKNOWLEDGED', 202);
    expect(control.view().pending).toBe(true);
    expect(control.view().commandState).toBe('ACKNOWLEDGED');
    control.live(requestId, 'TIMEOUT', 504);
    expect(control.view().failed).toBe(true);
    expect(control.view().message).toBe('Timed out: the bridge did not answer in time');
  });

  it('fails with the bridge’s reason when the device does not answer', async () => {
    const { control, notifyFailed } = setup(async () => ({ state: 'FAILED', statusCode: 502 }));
    control.send(1);
    await control.until((view) => view.failed);
    expect(control.view().message).toBe('The device did not answer');
    expect(notifyFailed).toHaveBeenCalledWith({ statusCode: 502, message: 'The device did not answer' });
  });

  it('shows the server’s message when the vessel is offline and the command was not queued (418)', async () => {
    const { control } = setup(() => Promise.reject(new ApiError(418, 'Vessel is offline', 'POST sendCommand', 'Vessel is offline')));
    control.send(1);
    await control.until((view) => view.failed);
    expect(control.view()).toMatchObject({ statusCode: 418, message: 'Vessel is offline' });
  });

  it('waits queued for an offline vessel, lets a new value replace it, and expires when the vessel stays away', async () => {
    const { control, sendCommand, notifyFailed } = setup(async ({ requestId }) => ({
      requestId,
      state: 'QUEUED',
      statusCode: 202,
      expiresAt: '2026-06-01T11:00:00Z',
    }));
    control.send(1, 3600);
    await control.until((view) => view.queued);
    expect(sendCommand).toHaveBeenLastCalledWith(expect.objectContaining({ queueForSeconds: 3600 }));
    expect(control.view().expiresAt).toBe('2026-06-01T11:00:00Z');

    const first = control.requestId()!;
    control.send(0, 900);
    await control.until((view) => view.queued);
    const second = control.requestId()!;
    expect(second).not.toBe(first);
    control.live(first, 'REPLACED', 409);
    expect(control.view().queued).toBe(true);

    control.live(second, 'EXPIRED', 410);
    expect(control.view().failed).toBe(true);
    expect(control.view().message).toBe('Expired: the vessel did not come back in time');
    expect(notifyFailed).toHaveBeenCalledTimes(1);
  });

  it('says so without an error toast when another command took its place', () => {
    const { control, notifyFailed } = setup(() => new Promise(() => {}));
    control.send(1, 900);
    control.live(control.requestId()!, 'REPLACED', 409);
    expect(control.view().ended).toBe(true);
    expect(control.view().failed).toBe(false);
    expect(control.view().message).toBe('Replaced by a newer command');
    expect(notifyFailed).not.toHaveBeenCalled();
  });

  it('can be retried after a failure', async () => {
    let attempt = 0;
    const { control } = setup(async () => (++attempt === 1 ? { state: 'FAILED', statusCode: 403 } : { state: 'CONFIRMED', statusCode: 200 }));
    control.send(1);
    await control.until((view) => view.failed);
    control.send(1);
    await control.until((view) => view.done);
    expect(control.view().message).toBeNull();
  });

  it('reads the PUT states of servers from before the command-state contract', () => {
    expect(commandStateOf('QUEUED')).toBe('QUEUED');
    expect(commandStateOf('WHATEVER')).toBe('FAILED');
  });

  it('words unknown failures with their status code', () => {
    expect(commandFailureText(409)).toBe('Failed with status code 409');
    expect(commandFailureText(null)).toBe('No answer from the server');
  });
});
