import { describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback } from 'xstate';
import type { Downloaded } from '../../web/src/lib/api';
import { exportMachine, type ExportEvent } from '../../web/src/features/export/exportMachine';

const FILE: Downloaded = { blob: new Blob(['x']), filename: 'sea-breeze-2026-11-29.tar' };

/** The machine with a download the test drives by hand. */
function setup() {
  const save = vi.fn();
  const aborted = vi.fn();
  let sendBack: (event: ExportEvent) => void = () => {};
  const actor = createActor(
    exportMachine.provide({
      actors: {
        download: fromCallback<ExportEvent>(({ sendBack: send }) => {
          sendBack = send;
          return aborted;
        }),
      },
      actions: { save: (_, file) => save(file) },
    }),
  ).start();
  return { actor, save, aborted, download: (event: ExportEvent) => sendBack(event) };
}

describe('export machine', () => {
  it('counts the bytes as they come and saves the archive once whole', () => {
    const { actor, save, download } = setup();
    actor.send({ type: 'START' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    download({ type: 'PROGRESS', received: 4096 });
    expect(actor.getSnapshot().context.received).toBe(4096);
    download({ type: 'DONE', file: FILE });
    expect(save).toHaveBeenCalledWith(FILE);
    expect(actor.getSnapshot().matches('done')).toBe(true);
  });

  it('keeps the failure for the screen, and starts again from nothing', () => {
    const { actor, download } = setup();
    actor.send({ type: 'START' });
    download({ type: 'PROGRESS', received: 100 });
    download({ type: 'FAILED', error: new Error('broke off') });
    expect(actor.getSnapshot().hasTag('failed')).toBe(true);
    actor.send({ type: 'START' });
    expect(actor.getSnapshot().context).toEqual({ received: 0, error: null });
  });

  it('aborts the download on Cancel', () => {
    const { actor, aborted } = setup();
    actor.send({ type: 'START' });
    actor.send({ type: 'CANCEL' });
    expect(aborted).toHaveBeenCalled();
    expect(actor.getSnapshot().matches('idle')).toBe(true);
  });
});
