import { describe, expect, it, vi } from 'vitest';
import { displayDateToIso, isoDateToDisplay, todayIn } from '../../web/src/lib/dates';
import { allowedValuesOf, controlKind } from '../../web/src/features/devices/properties';
import { createSettler } from '../../web/src/features/devices/settle';
import { ApiError, lockoutMessage, parseRetryAfter } from '../../web/src/lib/api';
import { uniqueEntries } from '../../web/src/features/utility/queries';
import { matchingZones } from '../../web/src/features/profile/PreferencesForm';
import { keyFigures } from '../../web/src/features/vessels/keyFigures';
import { failureMessage, isNotOffered } from '../../web/src/lib/failureMessage';
import { DOCUMENT_UPLOAD, IMAGE_UPLOAD, uploadFailure, uploadProblem } from '../../web/src/lib/uploads';
import { groupVessels } from '../../web/src/features/vessels/lifecycle';
import { cardFieldErrors, fieldOfServerMessage, parseExpiry } from '../../web/src/features/billing/cardForm';
import { formatMoney } from '../../web/src/features/billing/queries';
import { liveLabel, LIVE_WINDOW_MS } from '../../web/src/features/live/liveLabel';
import { memberKey, memberName } from '../../web/src/features/members/types';

describe('failureMessage', () => {
  it('shows the server message verbatim (409, 418)', () => {
    const error = new ApiError(409, 'x', 'POST vessel/1/pair', 'This vessel already has a bridge; unlink it first');
    expect(failureMessage(error)).toBe('This vessel already has a bridge; unlink it first');
  });
  it('says the server could not be reached when no answer came', () => {
    expect(failureMessage(new ApiError(null, 'x', 'GET x'))).toMatch(/could not be reached/);
  });
  it('falls back to the status code without a message', () => {
    expect(failureMessage(new ApiError(500, 'x', 'GET x'), 'Saving failed.')).toBe('Saving failed. (status code 500)');
  });
  it('reads 404 and 418 as a call the server does not offer', () => {
    expect(isNotOffered(new ApiError(404, 'x', 'POST billing/createVesselSubscription'))).toBe(true);
    expect(isNotOffered(new ApiError(418, 'x', 'POST billing/createVesselSubscription'))).toBe(true);
    expect(isNotOffered(new ApiError(400, 'x', 'POST billing/createVesselSubscription'))).toBe(false);
  });
});

describe('uploads', () => {
  it('names the accepted types', () => {
    expect(uploadProblem({ name: 'boat.bmp', type: 'image/bmp', size: 10 }, IMAGE_UPLOAD)).toBe(
      'boat.bmp cannot be uploaded: it must be a JPEG, PNG, GIF or WebP image.',
    );
  });
  it('names the size limit', () => {
    expect(uploadProblem({ name: 'manual.pdf', type: 'application/pdf', size: 25 * 1024 * 1024 }, DOCUMENT_UPLOAD)).toBe(
      'manual.pdf is 25 MB, larger than the limit of 20 MB.',
    );
  });
  it('accepts a type family', () => {
    expect(uploadProblem({ name: 'plan.png', type: 'image/png', size: 1000 }, DOCUMENT_UPLOAD)).toBeNull();
  });
  it('explains 413 and 415 answers', () => {
    expect(uploadFailure(413, IMAGE_UPLOAD)).toBe('The file is larger than the limit of 5 MB.');
    expect(uploadFailure(415, DOCUMENT_UPLOAD)).toBe('The file must be a PDF, an image or plain text.');
    expect(uploadFailure(400, DOCUMENT_UPLOAD)).toBeNull();
  });
});

describe('groupVessels', () => {
  it('lists named groups alphabetically, ungrouped last, vessels by name', () => {
    const groups = groupVessels([
      { name: 'Zephyr', groupName: null },
      { name: 'Wind', groupName: 'Charter' },
      { name: 'Alba', groupName: 'Charter' },
      { name: 'Bora', groupName: 'Arctic' },
      { name: 'Calm', groupName: ' ' },
    ]);
    expect(groups.map((group) => [group.group, group.vessels.map((vessel) => vessel.name)])).toEqual([
      ['Arctic', ['Bora']],
      ['Charter', ['Alba', 'Wind']],
      [null, ['Calm', 'Zephyr']],
    ]);
  });
});

describe('the card form', () => {
  const now = new Date('2026-11-23T12:00:00Z');
  const good = { holderName: 'Olivia Owner', cardNumber: '4242 4242 4242 4242', expiry: '12/28', cvc: '123' };
  it('accepts a test card', () => {
    expect(cardFieldErrors(good, now)).toEqual({});
    expect(parseExpiry('12/28')).toEqual({ expMonth: 12, expYear: 2028 });
  });
  it('names each wrong field in words', () => {
    expect(cardFieldErrors({ holderName: ' ', cardNumber: '4242 4242 4242 4241', expiry: '10/26', cvc: '12' }, now)).toEqual({
      holderName: 'Enter the name on the card.',
      cardNumber: 'This card number is not valid; check it for a typing mistake.',
      expiry: 'The card has expired.',
      cvc: 'The security code is the 3 or 4 digits on the card.',
    });
    expect(cardFieldErrors({ ...good, expiry: '13/28' }, now).expiry).toBe('Write the expiry date as MM/YY.');
  });
  it("puts the server's field messages beside their field", () => {
    expect(fieldOfServerMessage('cardNumber is not a valid card number')).toBe('cardNumber');
    expect(fieldOfServerMessage('The card has expired')).toBe('expiry');
    expect(fieldOfServerMessage('Your card was declined.')).toBeNull();
  });
  it('shows prices as money', () => {
    expect(formatMoney(24900, 'GBP')).toBe('£249.00');
  });
});

describe('liveLabel', () => {
  const base = { stream: 'live' as const, serverUnreachable: false, online: true, lastSeen: '2026-11-23T10:00:00Z', lastValueAt: null, now: 1_000_000 };
  it('says Live only while values arrive', () => {
    expect(liveLabel({ ...base, lastValueAt: 1_000_000 - 5_000 }).text).toBe('Live');
    expect(liveLabel({ ...base, lastValueAt: 1_000_000 - LIVE_WINDOW_MS - 1 }).text).toBe('Waiting for values');
  });
  it('says no data yet for a vessel that never reported', () => {
    expect(liveLabel({ ...base, online: false, lastSeen: null }).text).toBe('No data yet');
  });
  it('tells an unreachable server apart from an offline vessel', () => {
    expect(liveLabel({ ...base, serverUnreachable: true, online: false }).text).toBe('Server unreachable');
    expect(liveLabel({ ...base, stream: 'reconnecting' }).tone).toBe('server');
    expect(liveLabel({ ...base, online: false }).text).toBe('Not live: the vessel is offline');
  });
});

describe('members', () => {
  it("names a company's row by the company", () => {
    const company = {
      kind: 'company' as const,
      companyId: 4,
      name: 'Harbour Marine',
      companyKind: 'dealer',
      role: 'company',
      paused: false,
      pending: false,
      permissions: null,
      window: 'current' as const,
      startsAt: null,
      endsAt: null,
      firstUsedAt: null,
    };
    expect(memberName(company)).toBe('Harbour Marine');
    expect(memberKey(company)).toBe('company-4');
    expect(
      memberName({ userId: 2, email: 'crew@demo.test', firstName: '', lastName: null, role: 'member', paused: false, pending: false, permissions: null }),
    ).toBe('crew@demo.test');
  });
});

describe('small defects a new user hits', () => {
  it('words the login lockout with the wait from Retry-After', () => {
    expect(lockoutMessage(600)).toBe('Too many attempts. Try again in 10 minutes.');
    expect(lockoutMessage(30)).toBe('Too many attempts. Try again in 1 minute.');
    expect(parseRetryAfter('120')).toBe(120);
    expect(parseRetryAfter('Mon, 23 Nov 2026 20:10:00 GMT', Date.parse('2026-11-23T20:00:00Z'))).toBe(600);
    expect(parseRetryAfter(null)).toBeNull();
  });
  it('offers each country once', () => {
    expect(
      uniqueEntries([
        { code: 'GR', name: 'Greece' },
        { code: 'de', name: 'Germany' },
        { code: 'gr', name: 'Greece' },
        { code: 'DE', name: 'Deutschland' },
      ]),
    ).toEqual([
      { code: 'de', name: 'Germany' },
      { code: 'GR', name: 'Greece' },
    ]);
  });
  it('finds time zones by any word and keeps the chosen one', () => {
    const zones = ['Universal', 'Europe/Lisbon', 'America/New_York', 'America/Los_Angeles'];
    expect(matchingZones(zones, 'new york', 'Universal')).toEqual(['Universal', 'America/New_York']);
    expect(matchingZones(zones, 'america', 'America/Los_Angeles')).toEqual(['America/New_York', 'America/Los_Angeles']);
  });
  it('shows heading from the heading paths and course over ground as course', () => {
    const device = (paths: string[]) => ({
      id: 1,
      name: 'Compass',
      category: 'maritime',
      properties: paths.map((path, id) => ({ id, path, displayName: path, units: 'rad', writable: false, value: 1, timestamp: null, warningLevels: null })),
    });
    const figures = keyFigures([device(['navigation.courseOverGroundTrue', 'navigation.headingMagnetic'])] as Parameters<typeof keyFigures>[0]);
    expect(figures.map((figure) => [figure.label, figure.property.path])).toEqual([
      ['Heading', 'navigation.headingMagnetic'],
      ['Course over ground', 'navigation.courseOverGroundTrue'],
    ]);
  });
});

describe('device controls', () => {
  it('gives enumerated properties a select', () => {
    const property = (path: string, value: unknown, allowedValues?: string[]) => ({ path, units: '', writable: true, value, allowedValues });
    expect(controlKind({ category: 'climate' }, property('link.climate.saloon.mode', 'auto'))).toBe('select');
    expect(allowedValuesOf(property('link.camera.bow.state', 'on'))).toEqual(['off', 'on', 'recording']);
    expect(controlKind({ category: 'link' }, property('link.custom.pump.program', 'eco', ['eco', 'boost']))).toBe('select');
    expect(controlKind({ category: 'link' }, property('link.custom.label', 'hello'))).toBe('text');
  });

  it('sends one command per settled slider value', () => {
    vi.useFakeTimers();
    const sent: number[] = [];
    const settler = createSettler<number>(400, (value) => sent.push(value));
    for (const value of [51, 52, 53, 54]) {
      settler.push(value);
      vi.advanceTimersByTime(100);
    }
    expect(sent).toEqual([]);
    vi.advanceTimersByTime(400);
    expect(sent).toEqual([54]);
    settler.push(60);
    settler.flush();
    expect(sent).toEqual([54, 60]);
    settler.push(70);
    settler.cancel();
    vi.advanceTimersByTime(1000);
    expect(sent).toEqual([54, 60]);
    vi.useRealTimers();
  });
});

describe('dates in the app format', () => {
  it('reads and writes DD/MM/YYYY for the range picker', () => {
    expect(isoDateToDisplay('2026-11-23')).toBe('23/11/2026');
    expect(displayDateToIso('23/11/2026')).toBe('2026-11-23');
    expect(displayDateToIso('3.4.2026')).toBe('2026-04-03');
    expect(displayDateToIso('31/02/2026')).toBeNull();
    expect(displayDateToIso('2026-11-23')).toBeNull();
  });
  it("takes today from the user's zone", () => {
    const lateUtc = new Date('2026-11-23T23:30:00Z');
    expect(todayIn('Universal', lateUtc)).toBe('2026-11-23');
    expect(todayIn('Asia/Tokyo', lateUtc)).toBe('2026-11-24');
  });
});
