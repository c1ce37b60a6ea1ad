import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { SteppingClock } from './clock';
import { toasterMachine } from '../../web/src/features/toasts/toasterMachine';
import { createToastApi } from '../../web/src/features/toasts/toast';

function setup() {
  const clock = new SteppingClock();
  const toaster = createActor(toasterMachine, { clock }).start();
  const toast = createToastApi(toaster);
  const entries = () => toaster.getSnapshot().context.toasts;
  const visibleMessages = () =>
    entries()
      .filter((entry) => entry.ref.getSnapshot().hasTag('visible'))
      .map((entry) => entry.ref.getSnapshot().context.message);
  return { clock, toast, entries, visibleMessages };
}

describe('toasts', () => {
  it('shows a success toast for 2000 ms and removes it 1000 ms after it is dismissed', () => {
    const { clock, toast, entries, visibleMessages } = setup();
    toast.success('Saved');
    clock.advance(1999);
    expect(visibleMessages()).toEqual(['Saved']);
    clock.advance(1);
    expect(visibleMessages()).toEqual([]);
    expect(entries()).toHaveLength(1);
    clock.advance(999);
    expect(entries()).toHaveLength(1);
    clock.advance(1);
    expect(entries()).toHaveLength(0);
  });

  it('keeps blank and error toasts for 4000 ms', () => {
    const { clock, toast, visibleMessages } = setup();
    toast.blank('Note');
    toast.error('Broken');
    clock.advance(3999);
    expect(visibleMessages()).toEqual(['Note', 'Broken']);
    clock.advance(1);
    expect(visibleMessages()).toEqual([]);
  });

  it('keeps a loading toast until it is updated, then times the new type', () => {
    const { clock, toast, visibleMessages } = setup();
    const id = toast.loading('Uploading…');
    clock.advance(60_000);
    expect(visibleMessages()).toEqual(['Uploading…']);
    toast.update(id, { type: 'success', message: 'Uploaded' });
    expect(visibleMessages()).toEqual(['Uploaded']);
    clock.advance(2000);
    expect(visibleMessages()).toEqual([]);
  });

  it('shows at most three toasts: a fourth dismisses the oldest', () => {
    const { toast, visibleMessages } = setup();
    toast.blank('one');
    toast.blank('two');
    toast.blank('three');
    toast.blank('four');
    expect(visibleMessages()).toEqual(['two', 'three', 'four']);
  });

  it('removes a toast the user dismissed 1000 ms later', () => {
    const { clock, toast, entries, visibleMessages } = setup();
    const id = toast.error('Broken');
    clock.advance(500);
    toast.dismiss(id);
    expect(visibleMessages()).toEqual([]);
    clock.advance(1000);
    expect(entries()).toHaveLength(0);
  });

  it('words a failed action as the specification says', () => {
    const { toast, visibleMessages } = setup();
    toast.actionFailed('Saving the vessel', 503);
    expect(visibleMessages()).toEqual(['Saving the vessel has failed with status code 503']);
  });
});
