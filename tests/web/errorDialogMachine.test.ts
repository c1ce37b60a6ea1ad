import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { errorDialogMachine } from '../../web/src/features/errors/errorDialogMachine';
import type { CaughtError } from '../../web/src/lib/errorReport';

type ReportInput = { caughtError: CaughtError; comment: string };

function setup({ canViewReport = true, send = async () => undefined }: { canViewReport?: boolean; send?: (input: ReportInput) => Promise<void> } = {}) {
  const sendReport = vi.fn(send);
  const notifyReportSent = vi.fn();
  const notifyReportFailed = vi.fn();
  const actor = createActor(
    errorDialogMachine.provide({
      actors: { sendReport: fromPromise(({ input }) => sendReport(input)) },
      actions: { notifyReportSent, notifyReportFailed },
    }),
    { input: { canViewReport } },
  ).start();
  const show = (error: CaughtError) => actor.send({ type: 'ERROR.CAUGHT', error });
  return { actor, show, sendReport, notifyReportSent, notifyReportFailed };
}

describe('full-screen error dialog', () => {
  it.each([418, 401, 404, 413])('offers only Close for status %i', (status) => {
    const { actor, show } = setup();
    show({ status, serverMessage: 'Vessel is offline' });
    const state = actor.getSnapshot();
    expect(state.hasTag('visible')).toBe(true);
    expect(state.can({ type: 'REPORT.SEND' })).toBe(false);
    expect(state.can({ type: 'REPORT.VIEW' })).toBe(false);
    actor.send({ type: 'CLOSE' });
    expect(actor.getSnapshot().hasTag('visible')).toBe(false);
  });

  it('invites a comment and sends the report with it, then closes', async () => {
    const { actor, show, sendReport, notifyReportSent } = setup();
    show({ status: 500, endpoint: 'GET vessel/v1' });
    actor.send({ type: 'COMMENT.CHANGE', comment: 'Happened when I opened the devices' });
    actor.send({ type: 'REPORT.SEND' });
    expect(actor.getSnapshot().hasTag('sending')).toBe(true);
    await waitFor(actor, (state) => !state.hasTag('visible'));
    expect(sendReport).toHaveBeenCalledWith({
      caughtError: { status: 500, endpoint: 'GET vessel/v1' },
      comment: 'Happened when I opened the devices',
    });
    expect(notifyReportSent).toHaveBeenCalledTimes(1);
  });

  it('closes and says so when the report cannot be sent', async () => {
    const { actor, show, notifyReportFailed } = setup({ send: () => Promise.reject(new Error('down')) });
    show({ status: 400 });
    actor.send({ type: 'REPORT.SEND' });
    await waitFor(actor, (state) => !state.hasTag('visible'));
    expect(notifyReportFailed).toHaveBeenCalledTimes(1);
  });

  it('lets people view the report outside the cloud and demo environments', () => {
    const { actor, show } = setup({ canViewReport: true });
    show({ status: 500 });
    actor.send({ type: 'REPORT.VIEW' });
    expect(actor.getSnapshot().hasTag('reportOpen')).toBe(true);
  });

  it('keeps the comment typed while the report is open', async () => {
    const { actor, show, sendReport } = setup();
    show({ status: 500 });
    actor.send({ type: 'REPORT.VIEW' });
    actor.send({ type: 'COMMENT.CHANGE', comment: 'Seen twice today' });
    actor.send({ type: 'REPORT.SEND' });
    await waitFor(actor, (state) => !state.hasTag('visible'));
    expect(sendReport).toHaveBeenCalledWith(expect.objectContaining({ comment: 'Seen twice today' }));
  });

  it('hides View Report in the cloud and demo environments', () => {
    const { actor, show } = setup({ canViewReport: false });
    show({ status: 500 });
    expect(actor.getSnapshot().can({ type: 'REPORT.VIEW' })).toBe(false);
    expect(actor.getSnapshot().can({ type: 'REPORT.SEND' })).toBe(true);
  });

  it('starts each error with an empty comment', () => {
    const { actor, show } = setup();
    show({ status: 500 });
    actor.send({ type: 'COMMENT.CHANGE', comment: 'first' });
    actor.send({ type: 'CLOSE' });
    show({ status: 503 });
    expect(actor.getSnapshot().context.comment).toBe('');
  });
});
