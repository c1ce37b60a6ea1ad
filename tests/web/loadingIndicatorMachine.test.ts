import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { SteppingClock } from './clock';
import { loadingIndicatorMachine } from '../../web/src/features/loading/loadingIndicatorMachine';

function setup() {
  const clock = new SteppingClock();
  const actor = createActor(loadingIndicatorMachine, { clock }).start();
  const visible = () => actor.getSnapshot().hasTag('indicatorVisible');
  return { clock, actor, visible };
}

describe('settings loading indicator', () => {
  it('never appears for a load shorter than 1 s', () => {
    const { clock, actor, visible } = setup();
    actor.send({ type: 'LOADING.START' });
    clock.advance(999);
    actor.send({ type: 'LOADING.DONE' });
    clock.advance(5000);
    expect(visible()).toBe(false);
  });

  it('appears once the load has lasted 1 s', () => {
    const { clock, actor, visible } = setup();
    actor.send({ type: 'LOADING.START' });
    clock.advance(999);
    expect(visible()).toBe(false);
    clock.advance(1);
    expect(visible()).toBe(true);
  });

  it('stays at least 1 s once shown, even when the load finishes sooner', () => {
    const { clock, actor, visible } = setup();
    actor.send({ type: 'LOADING.START' });
    clock.advance(1300);
    actor.send({ type: 'LOADING.DONE' });
    expect(visible()).toBe(true);
    clock.advance(699);
    expect(visible()).toBe(true);
    clock.advance(1);
    expect(visible()).toBe(false);
  });

  it('disappears as soon as a long load finishes after the minimum time', () => {
    const { clock, actor, visible } = setup();
    actor.send({ type: 'LOADING.START' });
    clock.advance(3000);
    expect(visible()).toBe(true);
    actor.send({ type: 'LOADING.DONE' });
    expect(visible()).toBe(false);
  });

  it('stays up when a new load starts during the minimum time', () => {
    const { clock, actor, visible } = setup();
    actor.send({ type: 'LOADING.START' });
    clock.advance(1200);
    actor.send({ type: 'LOADING.DONE' });
    actor.send({ type: 'LOADING.START' });
    clock.advance(2000);
    expect(visible()).toBe(true);
  });
});
