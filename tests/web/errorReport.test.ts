import { describe, expect, it } from 'vitest';
import { actionFailedText, buildErrorReport, dialogMessage, errorReportMessage, isCloseOnly, renderFailureMessage } from '../../web/src/lib/errorReport';

describe('error report messages by status', () => {
  it.each([
    [400, 'Interface error'],
    [403, 'Permission error'],
    [404, 'Object not found'],
    [413, 'File size exceeds the limit'],
    [415, 'Interface error'],
    [500, 'Server error'],
    [503, 'Server error'],
    [599, 'Server error'],
    [409, 'An unknown error has occurred'],
    [null, 'An unknown error has occurred'],
  ])('status %s reads "%s"', (status, message) => {
    expect(errorReportMessage({ status })).toBe(message);
  });

  it('makes no report for a 502', () => {
    expect(errorReportMessage({ status: 502, message: 'anything' })).toBeNull();
  });

  it('shows the server’s message for 418 and 401', () => {
    expect(errorReportMessage({ status: 418, serverMessage: 'Vessel is offline' })).toBe('Vessel is offline');
    expect(errorReportMessage({ status: 401, serverMessage: 'Session expired' })).toBe('Session expired');
  });

  it('prefers a supplied message over the status text', () => {
    expect(errorReportMessage({ status: 404, message: 'The vessel was deleted' })).toBe('The vessel was deleted');
  });
});

describe('full-screen error dialog rules', () => {
  it('offers only Close for 418, 401, 404, 413 and no error', () => {
    for (const status of [418, 401, 404, 413]) expect(isCloseOnly({ status })).toBe(true);
    expect(isCloseOnly(null)).toBe(true);
    expect(isCloseOnly({ status: 500 })).toBe(false);
    expect(isCloseOnly({ status: null, fromUi: true })).toBe(false);
  });

  it('shows the server message, or Something went wrong', () => {
    expect(dialogMessage({ status: 418, serverMessage: 'Vessel is offline' })).toBe('Vessel is offline');
    expect(dialogMessage({ status: 500 })).toBe('Something went wrong');
  });
});

describe('other texts', () => {
  it('words failed actions and render failures as the specification says', () => {
    expect(actionFailedText('Saving the note', 400)).toBe('Saving the note has failed with status code 400');
    expect(renderFailureMessage({ kind: 'tab', name: 'EULA' })).toBe('There was a problem loading EULA tab');
    expect(renderFailureMessage({ kind: 'modal', name: 'Pair a bridge' })).toBe('There was a problem loading Pair a bridge modal');
    expect(renderFailureMessage({ kind: 'page' })).toBe('There was a problem loading the page');
  });
});

describe('error report record', () => {
  const context = {
    now: new Date('2026-06-01T10:15:00Z'),
    timeZone: 'Europe/Monaco',
    userAgent: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
    environment: 'STAGING',
    user: { id: 1, name: 'Ada Skipper' },
    vessel: { id: 7, name: 'Sea Breeze' },
  };

  it('carries every field of spec section 3', () => {
    const report = buildErrorReport({ status: 500, endpoint: 'POST vessel/v1/notes', requestData: { messageText: 'hello' } }, context, '  Saving a note  ');
    expect(report).toEqual({
      status: 500,
      displayedMsg: 'Server error',
      timestamp: '2026-06-01T10:15:00.000Z',
      timezone: 'Europe/Monaco',
      platform: 'CLOUD_API',
      uiVersion: '2.0.0',
      browser: 'Chrome 131.0.0.0',
      os: 'Linux',
      endpoint: 'POST vessel/v1/notes',
      requestData: '{"messageText":"hello"}',
      comment: 'Saving a note',
      userId: 1,
      userName: 'Ada Skipper',
      vesselId: 7,
      vesselName: 'Sea Breeze',
      environment: 'STAGING',
    });
  });

  it('leaves the comment out when none was written and never reports passwords', () => {
    const report = buildErrorReport({ status: 400, requestData: { currentPassword: 'x', newPassword: 'y' }, fromUi: true }, context, '   ');
    expect(report).not.toHaveProperty('comment');
    expect(report.requestData).toBe('{"currentPassword":"***","newPassword":"***"}');
    expect(report.platform).toBe('CLOUD_UI');
  });
});
