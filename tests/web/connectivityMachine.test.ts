import { describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { CONNECTION_ISSUE_MESSAGE, connectivityMachine } from '../../web/src/features/connectivity/connectivityMachine';

function setup() {
  const reloadPage = vi.fn();
  const actor = createActor(connectivityMachine.provide({ actions: { reloadPage } })).start();
  const fail = (times: number) => {
    for (let i = 0; i < times; i += 1) actor.send({ type: 'CONNECTION_FAILED' });
  };
  const dialogOpen = () => actor.getSnapshot().hasTag('dialogOpen');
  const unreachable = () => actor.getSnapshot().hasTag('unreachable');
  return { actor, fail, dialogOpen, unreachable, reloadPage };
}

describe('connectivity machine', () => {
  it('tolerates three consecutive connection failures', () => {
    const { fail, dialogOpen } = setup();
    fail(3);
    expect(dialogOpen()).toBe(false);
  });

  it('opens the Connection Issue dialog on the fourth consecutive failure', () => {
    const { fail, dialogOpen } = setup();
    fail(4);
    expect(dialogOpen()).toBe(true);
  });

  it('starts counting again after any successful response', () => {
    const { actor, fail, dialogOpen } = setup();
    fail(3);
    actor.send({ type: 'REQUEST_SUCCEEDED' });
    fail(3);
    expect(dialogOpen()).toBe(false);
    expect(actor.getSnapshot().context.consecutiveFailures).toBe(3);
  });

  it('reloads the page when the dialog is closed', () => {
    const { actor, fail, reloadPage, dialogOpen } = setup();
    fail(5);
    expect(reloadPage).not.toHaveBeenCalled();
    actor.send({ type: 'DIALOG_CLOSED' });
    expect(reloadPage).toHaveBeenCalledTimes(1);
    expect(dialogOpen()).toBe(false);
  });

  it('keeps the dialog closed, the app unreachable, while the failures go on after it was closed, until a request succeeds', () => {
    const { actor, fail, reloadPage, dialogOpen, unreachable } = setup();
    fail(4);
    actor.send({ type: 'DIALOG_CLOSED' });
    fail(10);
    expect(dialogOpen()).toBe(false);
    expect(unreachable()).toBe(true);
    expect(reloadPage).toHaveBeenCalledTimes(1);
    actor.send({ type: 'REQUEST_SUCCEEDED' });
    expect(unreachable()).toBe(false);
    fail(4);
    expect(dialogOpen()).toBe(true);
  });

  it('closes the dialog by itself, without a reload, once a request succeeds again', () => {
    const { actor, fail, reloadPage, dialogOpen } = setup();
    fail(4);
    expect(dialogOpen()).toBe(true);
    actor.send({ type: 'REQUEST_SUCCEEDED' });
    expect(dialogOpen()).toBe(false);
    expect(reloadPage).not.toHaveBeenCalled();
    expect(actor.getSnapshot().context.consecutiveFailures).toBe(0);
    fail(3);
    expect(dialogOpen()).toBe(false);
  });

  it('uses the exact message of the specification', () => {
    expect(CONNECTION_ISSUE_MESSAGE).toBe(
      'There is an issue with the server connection. Please check if you have a reliable internet connection. If your internet connection is stable, we apologize for the inconvenience. The server should be back online shortly.',
    );
  });
});
