import { describe, expect, it } from 'vitest';
import { dueInWords, formatDay, intervalInWords } from '../../web/src/features/service/ServiceDue';
import type { ServiceDue } from '../../contracts/service';

const due = (over: Partial<ServiceDue>): ServiceDue => ({ dueHours: null, dueDate: null, hoursLeft: null, daysLeft: null, status: 'ok', progress: 0, ...over });

describe('service due in words', () => {
  it('writes a day the same in every time zone', () => {
    expect(formatDay('2027-01-15')).toBe('15/01/2027');
  });

  it('names both limits, whichever comes first', () => {
    const item = { engine: 'port', intervalHours: 250, intervalMonths: 12 };
    expect(dueInWords({ ...item, due: due({ dueHours: 1250, hoursLeft: 20, dueDate: '2027-01-15', daysLeft: 1 }) })).toBe(
      'At 1,250 h (20 h left) or on 15/01/2027 (1 day left), whichever first',
    );
    expect(dueInWords({ ...item, due: due({ dueHours: 1250, hoursLeft: -5, dueDate: '2027-01-15', daysLeft: -3 }) })).toBe(
      'At 1,250 h (5 h ago) or on 15/01/2027 (3 days ago), whichever first',
    );
    expect(intervalInWords(item)).toBe('Every 250 h of the port engine or 12 months');
  });

  it('says when run hours cannot be counted yet', () => {
    expect(dueInWords({ engine: 'port', intervalHours: 250, due: due({ dueHours: 1250 }) })).toBe('At 1,250 h (no run hours received yet)');
    expect(dueInWords({ engine: 'port', intervalHours: 250, due: due({ dueDate: '2027-01-15', daysLeft: 0 }) })).toBe(
      'By run hours once a service is logged or on 15/01/2027 (today), whichever first',
    );
  });
});
