import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { CommandStatus } from '../../contracts/live';
import { SteppingClock } from './clock';
import { commandFailureText, commandMachine, commandStateOf, type SendCommandInput } from '../../web/src/features/devices/commandMachine';
import { ApiError } from '../../web/src/lib/api';

type Answer = Pick<CommandStatus, 'state' | 'statusCode'> & Partial<CommandStatus>;

function setup(send: (input: SendCommandInput) => Promise<Answer>) {
  const clock = new SteppingClock();
  const sendCommand = vi.fn(send);
  const notifyFailed = vi.fn();
  const actor = createActor(
    commandMachine.provide({
      actors: { sendCommand: fromPromise(({ input }) => sendCommand(input)) },
      actions: { notifyFailed: (_, params) => notifyFailed(params) },
    }),
    { clock, input: { vesselId: 1, propertyId: 200 } },
  ).start();
  return { actor, clock, sendCommand, notifyFailed };
}

const status = (requestId: string, state: CommandStatus['state'], statusCode = 200) => ({
  type: 'COMMAND.STATUS' as const,
  status: { requestId, state, statusCode, expiresAt: null },
});

describe('device command', () => {
  it('names the command itself, is pending while sent, confirmed, and back to rest 2 s later', async () => {
    const { actor, clock, sendCommand } = setup(async ({ requestId }) => ({ requestId, state: 'CONFIRMED', statusCode: 200 }));
    actor.send({ type: 'SEND', value: 1 });
    expect(actor.getSnapshot().hasTag('pending')).toBe(true);
    expect(actor.getSnapshot().context.requestedValue).toBe(1);
    expect(actor.getSnapshot().can({ type: 'SEND', value: 0 })).toBe(false);
    const requestId = actor.getSnapshot().context.requestId;
    expect(requestId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    await waitFor(actor, (state) => state.hasTag('done'));
    expect(sendCommand).toHaveBeenCalledWith({ vesselId: 1, propertyId: 200, requestId, value: 1, queueForSeconds: undefined });
    clock.advance(2000);
    expect(actor.getSnapshot().hasTag('done')).toBe(false);
    expect(actor.getSnapshot().can({ type: 'SEND', value: 0 })).toBe(true);
  });

  it('does not settle on the outcome of another command, such as a second tab switching the same light', () => {
    const { actor } = setup(() => new Promise(() => {}));
    actor.send({ type: 'SEND', value: 1 });
    actor.send(status('another-tabs-request', 'CONFIRMED'));
    expect(actor.getSnapshot().hasTag('pending')).toBe(true);
    actor.send(status('another-tabs-request', 'FAILED', 502));
    expect(actor.getSnapshot().hasTag('pending')).toBe(true);
    expect(actor.getSnapshot().context.commandState).toBeNull();
    actor.send(status(actor.getSnapshot().context.requestId!, 'CONFIRMED'));
    expect(actor.getSnapshot().hasTag('done')).toBe(true);
  });

  it('follows its own command through SENT and ACKNOWLEDGED to the final state from the live stream', () => {
    const { actor } = setup(() => new Promise(() => {}));
    actor.send({ type: 'SEND', value: 0.5 });
    const requestId = actor.getSnapshot().context.requestId!;
    actor.send(status(requestId, 'SENT', 202));
    expect(actor.getSnapshot().context.commandState).toBe('SENT');
    actor.send(status(requestId, 'ACKNOWLEDGED', 202));
    expect(actor.getSnapshot().hasTag('pending')).toBe(true);
    expect(actor.getSnapshot().context.commandState).toBe('ACKNOWLEDGED');
    actor.send(status(requestId, 'TIMEOUT', 504));
    expect(actor.getSnapshot().hasTag('failed')).toBe(true);
    expect(actor.getSnapshot().context.message).toBe('Timed out: the bridge did not answer in time');
  });

  it('fails with the bridge’s reason when the device does not answer', async () => {
    const { actor, notifyFailed } = setup(async () => ({ state: 'FAILED', statusCode: 502 }));
    actor.send({ type: 'SEND', value: 1 });
    const state = await waitFor(actor, (snapshot) => snapshot.hasTag('failed'));
    expect(state.context.message).toBe('The device did not answer');
    expect(notifyFailed).toHaveBeenCalledWith({ statusCode: 502, message: 'The device did not answer' });
  });

  it('shows the server’s message when the vessel is offline and the command was not queued (418)', async () => {
    const { actor } = setup(() => Promise.reject(new ApiError(418, 'Vessel is offline', 'POST sendCommand', 'Vessel is offline')));
    actor.send({ type: 'SEND', value: 1 });
    const state = await waitFor(actor, (snapshot) => snapshot.hasTag('failed'));
    expect(state.context).toMatchObject({ statusCode: 418, message: 'Vessel is offline' });
  });

  it('waits queued for an offline vessel, lets a new value replace it, and expires when the vessel stays away', async () => {
    const { actor, sendCommand, notifyFailed } = setup(async ({ requestId }) => ({
      requestId,
      state: 'QUEUED',
      statusCode: 202,
      expiresAt: '2026-06-01T11:00:00Z',
    }));
    actor.send({ type: 'SEND', value: 1, queueForSeconds: 3600 });
    await waitFor(actor, (state) => state.hasTag('queued'));
    expect(sendCommand).toHaveBeenLastCalledWith(expect.objectContaining({ queueForSeconds: 3600 }));
    expect(actor.getSnapshot().context.expiresAt).toBe('2026-06-01T11:00:00Z');

    const first = actor.getSnapshot().context.requestId!;
    actor.send({ type: 'SEND', value: 0, queueForSeconds: 900 });
    await waitFor(actor, (state) => state.hasTag('queued'));
    const second = actor.getSnapshot().context.requestId!;
    expect(second).not.toBe(first);
    actor.send(status(first, 'REPLACED', 409));
    expect(actor.getSnapshot().hasTag('queued')).toBe(true);

    actor.send(status(second, 'EXPIRED', 410));
    expect(actor.getSnapshot().hasTag('failed')).toBe(true);
    expect(actor.getSnapshot().context.message).toBe('Expired: the vessel did not come back in time');
    expect(notifyFailed).toHaveBeenCalledTimes(1);
  });

  it('says so without an error toast when another command took its place', () => {
    const { actor, notifyFailed } = setup(() => new Promise(() => {}));
    actor.send({ type: 'SEND', value: 1, queueForSeconds: 900 });
    actor.send(status(actor.getSnapshot().context.requestId!, 'REPLACED', 409));
    expect(actor.getSnapshot().hasTag('ended')).toBe(true);
    expect(actor.getSnapshot().hasTag('failed')).toBe(false);
    expect(actor.getSnapshot().context.message).toBe('Replaced by a newer command');
    expect(notifyFailed).not.toHaveBeenCalled();
  });

  it('can be retried after a failure', async () => {
    let attempt = 0;
    const { actor } = setup(async () => (++attempt === 1 ? { state: 'FAILED', statusCode: 403 } : { state: 'CONFIRMED', statusCode: 200 }));
    actor.send({ type: 'SEND', value: 1 });
    await waitFor(actor, (state) => state.hasTag('failed'));
    actor.send({ type: 'SEND', value: 1 });
    await waitFor(actor, (state) => state.hasTag('done'));
    expect(actor.getSnapshot().context.message).toBeNull();
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
