/** When a maintenance item falls due: by run hours, by calendar, or whichever comes first. */
import { describe, expect, it } from 'vitest';
import { addMonths, byUrgency, dueOf, type DueInput } from '../../src/modules/service/due.js';

const at = (day: string) => Date.parse(`${day}T12:00:00Z`);
const item = (over: Partial<DueInput>): DueInput => ({
  intervalHours: null,
  intervalMonths: null,
  reminderHours: 25,
  reminderDays: 30,
  lastDoneOn: '2026-01-15',
  lastDoneHours: null,
  ...over,
});

describe('due computation', () => {
  it('counts an hours interval from the run hours of the last service', () => {
    const oil = item({ intervalHours: 250, lastDoneHours: 1000 });
    expect(dueOf(oil, 1100, at('2026-03-01'))).toMatchObject({ dueHours: 1250, hoursLeft: 150, dueDate: null, status: 'ok', progress: 0.4 });
    expect(dueOf(oil, 1230, at('2026-03-01'))).toMatchObject({ hoursLeft: 20, status: 'dueSoon' });
    expect(dueOf(oil, 1250, at('2026-03-01'))).toMatchObject({ hoursLeft: 0, status: 'overdue', progress: 1 });
    expect(dueOf(oil, null, at('2026-03-01'))).toMatchObject({ dueHours: 1250, hoursLeft: null, status: 'ok' });
  });

  it('counts a calendar interval in months from the day of the last service', () => {
    const antifouling = item({ intervalMonths: 12 });
    expect(dueOf(antifouling, null, at('2026-06-01'))).toMatchObject({ dueDate: '2027-01-15', status: 'ok' });
    expect(dueOf(antifouling, null, at('2026-12-20'))).toMatchObject({ daysLeft: 26, status: 'dueSoon' });
    expect(dueOf(antifouling, null, at('2027-01-15'))).toMatchObject({ daysLeft: 0, status: 'overdue' });
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonths('2026-03-10', -13)).toBe('2025-02-10');
  });

  it('falls due at whichever limit comes first', () => {
    const both = item({ intervalHours: 250, intervalMonths: 12, lastDoneHours: 1000 });
    // Few hours run, but the year is up.
    expect(dueOf(both, 1050, at('2027-01-20'))).toMatchObject({ hoursLeft: 200, daysLeft: -5, status: 'overdue', progress: 1 });
    // Early in the year, but the hours are used up.
    expect(dueOf(both, 1260, at('2026-04-01'))).toMatchObject({ hoursLeft: -10, status: 'overdue' });
    // Both far: progress follows the nearer limit.
    expect(dueOf(both, 1125, at('2026-02-15')).progress).toBe(0.5);
  });

  it('sorts overdue first, then by due date', () => {
    const overdue = dueOf(item({ intervalMonths: 1 }), null, at('2026-06-01'));
    const soon = dueOf(item({ intervalMonths: 12, lastDoneOn: '2025-06-20' }), null, at('2026-06-01'));
    const later = dueOf(item({ intervalMonths: 12, lastDoneOn: '2025-06-25' }), null, at('2026-06-01'));
    expect([later, soon, overdue].sort(byUrgency)).toEqual([overdue, soon, later]);
  });
});
