import { describe, expect, it } from 'vitest';
import {
  formatDate,
  formatDateTime,
  formatLocalAndUtc,
  formatRelative,
  formatShort,
  formatTime,
  isoToZonedLocal,
  zonedLocalToIso,
  zonedTimeToIso,
} from '../../web/src/lib/dates';

const MAY_15 = '2019-05-15T13:30:05Z';

describe('date formats', () => {
  it('shows DD/MM/YYYY, HH:mm:ss in UTC by default', () => {
    expect(formatDateTime(MAY_15)).toBe('15/05/2019, 13:30:05');
    expect(formatDate(MAY_15)).toBe('15/05/2019');
    expect(formatTime(MAY_15)).toBe('13:30:05');
  });

  it('treats the Universal zone as UTC', () => {
    expect(formatDateTime(MAY_15, { timeZone: 'Universal', withZone: true })).toBe('15/05/2019, 13:30:05 UTC');
  });

  it('has zone variants and a 12-hour clock', () => {
    expect(formatDateTime(MAY_15, { timeZone: 'Europe/London', withZone: true })).toBe('15/05/2019, 14:30:05 BST');
    expect(formatTime(MAY_15, { timeFormat: '12h' })).toBe('01:30:05 PM');
    expect(formatTime('2019-05-15T00:05:00Z', { timeFormat: '12h' })).toBe('12:05:00 AM');
    expect(formatDate('2019-05-15T23:30:00Z', { timeZone: 'Asia/Tokyo' })).toBe('16/05/2019');
    expect(formatDate(MAY_15, { withZone: true })).toBe('15/05/2019 UTC');
  });

  it('combines local time and UTC', () => {
    expect(formatLocalAndUtc(MAY_15, { localZone: 'Europe/London' })).toBe('15/05/2019, 14:30:05 BST (15/05/2019, 13:30:05 UTC)');
    expect(formatLocalAndUtc(MAY_15, { localZone: 'UTC' })).toBe('15/05/2019, 13:30:05 UTC');
  });

  it('shows a dash for a missing or broken time', () => {
    expect(formatDateTime('not a date')).toBe('—');
  });

  it('turns the range selector’s wall-clock fields into ISO instants', () => {
    expect(zonedTimeToIso('2019-05-15', '00', '00')).toBe('2019-05-15T00:00:00.000Z');
    expect(zonedTimeToIso('2019-05-15', '00', '00', 'Europe/London')).toBe('2019-05-14T23:00:00.000Z');
    expect(zonedTimeToIso('2019-01-15', '09', '30', 'Europe/London')).toBe('2019-01-15T09:30:00.000Z');
  });

  it('reads and fills datetime-local fields in the user’s zone', () => {
    expect(zonedLocalToIso('2019-05-15T14:30', 'Europe/London')).toBe('2019-05-15T13:30:00.000Z');
    expect(zonedLocalToIso('2019-05-15T', 'Europe/London')).toBeUndefined();
    expect(zonedLocalToIso('', 'UTC')).toBeUndefined();
    expect(isoToZonedLocal('2019-05-15T13:30:05Z', 'Europe/London')).toBe('2019-05-15T14:30');
    expect(isoToZonedLocal('2019-05-15T00:05:00Z', 'Universal')).toBe('2019-05-15T00:05');
    expect(isoToZonedLocal('not a date', 'UTC')).toBe('');
  });

  it('labels chart times compactly', () => {
    expect(formatShort(MAY_15)).toBe('13:30');
    expect(formatShort(MAY_15, { withDate: true, timeFormat: '12h' })).toBe('15/05 01:30 PM');
  });

  it('says how long ago a vessel was seen', () => {
    const now = new Date('2019-05-15T14:00:00Z');
    expect(formatRelative('2019-05-15T13:59:40Z', now)).toBe('just now');
    expect(formatRelative('2019-05-15T13:57:00Z', now)).toBe('3 minutes ago');
    expect(formatRelative('2019-05-13T14:00:00Z', now)).toBe('2 days ago');
  });
});
