import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { SteppingClock } from './clock';
import { commandFailureText, commandMachine } from '../../web/src/features/devices/commandMachine';
import type { CommandResult } from '../../web/src/features/devices/types';
import { ApiError } from '../../web/src/lib/api';

function setup(send: (value: unknown) => Promise<CommandResult>) {
  const clock = new SteppingClock();
  const sendCommand = vi.fn(({ value }: { value: unknown }) => send(value));
  const notifyFailed = vi.fn();
  const actor = createActor(
    commandMachine.provide({
      actors: { sendCommand: fromPromise(({ input }) => sendCommand(input)) },
      actions: { notifyFailed: (_, params) => notifyFailed(params) },
    }),
    { clock, input: { vesselId: 'v1', propertyId: 'p-saloon' } },
  ).start();
  return { actor, clock, sendCommand, notifyFailed };
}

const completed: CommandResult = { requestId: 'r1', state: 'COMPLETED', statusCode: 200 };

describe('device command', () => {
  it('is pending while sent, done when the bridge confirms, and back to rest 2 s later', async () => {
    const { actor, clock, sendCommand } = setup(async () => completed);
    actor.send({ type: 'SEND', value: 1 });
    expect(actor.getSnapshot().hasTag('pending')).toBe(true);
    expect(actor.getSnapshot().context.requestedValue).toBe(1);
    expect(actor.getSnapshot().can({ type: 'SEND', value: 0 })).toBe(false);
    await waitFor(actor, (state) => state.hasTag('done'));
    expect(sendCommand).toHaveBeenCalledWith({ vesselId: 'v1', propertyId: 'p-saloon', value: 1 });
    clock.advance(2000);
    expect(actor.getSnapshot().hasTag('done')).toBe(false);
    expect(actor.getSnapshot().can({ type: 'SEND', value: 0 })).toBe(true);
  });

  it('fails with the bridge’s reason when the device does not answer', async () => {
    const { actor, notifyFailed } = setup(async () => ({ requestId: 'r1', state: 'FAILED', statusCode: 502 }));
    actor.send({ type: 'SEND', value: 1 });
    const state = await waitFor(actor, (snapshot) => snapshot.hasTag('failed'));
    expect(state.context.message).toBe('The device did not answer');
    expect(notifyFailed).toHaveBeenCalledWith({ statusCode: 502, message: 'The device did not answer' });
  });

  it('shows the server’s message when the vessel is offline (418)', async () => {
    const { actor } = setup(() => Promise.reject(new ApiError(418, 'Vessel is offline', 'POST sendCommand', 'Vessel is offline')));
    actor.send({ type: 'SEND', value: 1 });
    const state = await waitFor(actor, (snapshot) => snapshot.hasTag('failed'));
    expect(state.context).toMatchObject({ statusCode: 418, message: 'Vessel is offline' });
  });

  it('finishes as soon as the live stream reports the outcome', () => {
    const { actor } = setup(() => new Promise(() => {}));
    actor.send({ type: 'SEND', value: 0.5 });
    actor.send({ type: 'LIVE.COMMAND', command: { requestId: 'r1', propertyId: 'p-saloon', state: 'PENDING', statusCode: null } });
    expect(actor.getSnapshot().hasTag('pending')).toBe(true);
    actor.send({ type: 'LIVE.COMMAND', command: { requestId: 'r1', propertyId: 'p-saloon', state: 'TIMEOUT', statusCode: 504 } });
    expect(actor.getSnapshot().hasTag('failed')).toBe(true);
    expect(actor.getSnapshot().context.message).toBe('The bridge did not answer in time');
  });

  it('can be retried after a failure', async () => {
    let attempt = 0;
    const { actor } = setup(async () => (++attempt === 1 ? { requestId: 'r1', state: 'FAILED', statusCode: 403 } : completed));
    actor.send({ type: 'SEND', value: 1 });
    await waitFor(actor, (state) => state.hasTag('failed'));
    actor.send({ type: 'SEND', value: 1 });
    await waitFor(actor, (state) => state.hasTag('done'));
    expect(actor.getSnapshot().context.message).toBeNull();
  });

  it('words unknown failures with their status code', () => {
    expect(commandFailureText(409)).toBe('Failed with status code 409');
    expect(commandFailureText(null)).toBe('No answer from the server');
  });
});
