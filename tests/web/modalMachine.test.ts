import { describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { SteppingClock } from './clock';
import { modalMachine, UNSAVED_CHANGES_TEXT } from '../../web/src/features/modal/modalMachine';

function setup() {
  const clock = new SteppingClock();
  const notifyClosed = vi.fn();
  const actor = createActor(modalMachine.provide({ actions: { notifyClosed } }), { clock }).start();
  actor.send({ type: 'OPEN' });
  const state = () => actor.getSnapshot();
  return { clock, actor, notifyClosed, state };
}

describe('modal', () => {
  it('closes without asking when nothing changed, after the 300 ms animation', () => {
    const { clock, actor, notifyClosed, state } = setup();
    actor.send({ type: 'CLOSE' });
    expect(state().hasTag('closing')).toBe(true);
    expect(state().hasTag('visible')).toBe(true);
    clock.advance(299);
    expect(notifyClosed).not.toHaveBeenCalled();
    clock.advance(1);
    expect(notifyClosed).toHaveBeenCalledTimes(1);
    expect(state().hasTag('visible')).toBe(false);
  });

  it('asks before closing with unsaved changes; Go Back keeps the modal open', () => {
    const { clock, actor, notifyClosed, state } = setup();
    actor.send({ type: 'SET_DIRTY', dirty: true });
    actor.send({ type: 'CLOSE' });
    expect(state().hasTag('confirmingClose')).toBe(true);
    actor.send({ type: 'GO_BACK' });
    expect(state().hasTag('confirmingClose')).toBe(false);
    clock.advance(1000);
    expect(notifyClosed).not.toHaveBeenCalled();
    expect(state().hasTag('visible')).toBe(true);
  });

  it('closes after the confirmation’s Close, with the animation', () => {
    const { clock, actor, notifyClosed, state } = setup();
    actor.send({ type: 'SET_DIRTY', dirty: true });
    actor.send({ type: 'CLOSE' });
    actor.send({ type: 'DISCARD_CHANGES' });
    expect(state().hasTag('closing')).toBe(true);
    clock.advance(300);
    expect(notifyClosed).toHaveBeenCalledTimes(1);
  });

  it('closes at once after a save, even though the form was changed', () => {
    const { clock, actor, notifyClosed, state } = setup();
    actor.send({ type: 'SET_DIRTY', dirty: true });
    actor.send({ type: 'CLOSE_NOW' });
    expect(state().hasTag('confirmingClose')).toBe(false);
    clock.advance(300);
    expect(notifyClosed).toHaveBeenCalledTimes(1);
  });

  it('opens clean the next time', () => {
    const { clock, actor, state } = setup();
    actor.send({ type: 'SET_DIRTY', dirty: true });
    actor.send({ type: 'CLOSE_NOW' });
    clock.advance(300);
    actor.send({ type: 'OPEN' });
    actor.send({ type: 'CLOSE' });
    expect(state().hasTag('closing')).toBe(true);
  });

  it('words the confirmation as the specification says', () => {
    expect(UNSAVED_CHANGES_TEXT).toBe('You have made changes that will not be saved if you close the modal.');
  });
});
