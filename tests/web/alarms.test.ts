import { describe, expect, it } from 'vitest';
import { alarmText, bannerAlarms, priorityOf, sortAlerts, statusOf, statusText, type Alert } from '../../web/src/features/alerts/types';
import { i18n } from '../../web/src/i18n';

const alert = (overrides: Partial<Alert>): Alert => ({
  id: 1,
  origin: 'level',
  path: 'propulsion.port.coolantTemperature',
  state: 'alarm',
  status: 'active-unacknowledged',
  priority: 'alarm',
  message: 'Coolant temperature high',
  raisedAt: '2026-06-01T10:00:00Z',
  clearedAt: null,
  acknowledgedAt: null,
  silenced: false,
  silencedUntil: null,
  ...overrides,
});

const hhmm = (iso: string) => iso.slice(11, 16);

describe('alarm status in words', () => {
  it('names every state of the lifecycle, a silence with its end', () => {
    expect(statusText(alert({}), hhmm)).toBe('Active, not acknowledged');
    expect(statusText(alert({ status: 'active-acknowledged' }), hhmm)).toBe('Active, acknowledged');
    expect(statusText(alert({ status: 'silenced', silenced: true, silencedUntil: '2026-06-01T10:05:00Z' }), hhmm)).toBe('Silenced until 10:05');
    expect(statusText(alert({ status: 'rectified-unacknowledged' }), hhmm)).toBe('Rectified, not acknowledged');
    expect(statusText(alert({ status: 'cleared' }), hhmm)).toBe('Cleared');
  });

  it('works out the status and priority an older server leaves out', () => {
    const old = alert({ status: undefined, priority: undefined, state: 'warn' });
    expect(priorityOf(old)).toBe('warning');
    expect(statusOf(old)).toBe('active-unacknowledged');
    expect(statusOf({ ...old, clearedAt: '2026-06-01T11:00:00Z' })).toBe('rectified-unacknowledged');
    expect(statusOf({ ...old, clearedAt: '2026-06-01T11:00:00Z', acknowledgedAt: '2026-06-01T11:01:00Z' })).toBe('cleared');
  });
});

describe('the alarm banner', () => {
  it('shouts only about alarms and emergencies nobody has acknowledged, the emergency first', () => {
    const alerts = [
      alert({ id: 1 }),
      alert({ id: 2, priority: 'emergency', state: 'emergency', raisedAt: '2026-06-01T09:00:00Z' }),
      alert({ id: 3, priority: 'warning', state: 'warn' }),
      alert({ id: 4, status: 'active-acknowledged', acknowledgedAt: '2026-06-01T10:01:00Z' }),
      alert({ id: 5, status: 'rectified-unacknowledged', clearedAt: '2026-06-01T10:02:00Z' }),
      alert({ id: 6, status: 'cleared', clearedAt: '2026-06-01T10:02:00Z', acknowledgedAt: '2026-06-01T10:03:00Z' }),
    ];
    expect(bannerAlarms(alerts).map((a) => a.id)).toEqual([2, 1, 5]);
  });

  it('lists active alerts by priority before cleared ones', () => {
    const sorted = sortAlerts([
      alert({ id: 1, priority: 'caution', raisedAt: '2026-06-01T12:00:00Z' }),
      alert({ id: 2, status: 'cleared', acknowledgedAt: '2026-06-01T10:03:00Z', clearedAt: '2026-06-01T10:02:00Z', raisedAt: '2026-06-01T13:00:00Z' }),
      alert({ id: 3, priority: 'alarm' }),
    ]);
    expect(sorted.map((a) => a.id)).toEqual([3, 1, 2]);
  });
});

describe('the server’s own alarm sentences', () => {
  const level = alert({
    message: 'Voltage is below its low critical level of 11.80 V (11.20 V)',
    propertyName: 'Voltage',
    deviceName: 'House battery',
    messageWords: { key: 'levelLowCritical', params: { property: 'Voltage', level: '11.80 V', value: '11.20 V' } },
  });

  it('reads them in the language shown, a bridge’s own words as it wrote them', async () => {
    expect(alarmText(level)).toBe('House battery: Voltage is below its low critical level of 11.80 V (11.20 V)');
    await i18n.changeLanguage('fr');
    try {
      expect(alarmText(level)).toBe('House battery: Voltage est sous son seuil critique bas de 11.80 V (11.20 V)');
      expect(alarmText(alert({ message: 'Bilge water high', path: 'notifications.bilge' }))).toBe('Bilge water high');
    } finally {
      await i18n.changeLanguage('en');
    }
  });

  it('writes their numbers in the reader’s locale from the values measured; an older alarm keeps the values as written', async () => {
    const measured = alert({
      ...level,
      messageWords: {
        key: 'levelLowCritical',
        params: {
          property: 'Voltage',
          level: '11.80 V',
          value: '11.20 V',
          levelSi: 11.8,
          valueSi: 11.2,
          units: 'V',
          path: 'electrical.batteries.house.voltage',
        },
      },
    });
    const noData = alert({ origin: 'no-data', message: 'No data from the bridge for 1440 min', messageWords: { key: 'noData', params: { minutes: 1440 } } });
    expect(alarmText(measured)).toBe('House battery: Voltage is below its low critical level of 11.80 V (11.20 V)');
    expect(alarmText(noData)).toBe('No data from the bridge for 1440 min');
    await i18n.changeLanguage('it');
    try {
      expect(alarmText(measured)).toBe('House battery: Voltage è sotto la soglia critica bassa di 11,80 V (11,20 V)');
      expect(alarmText(noData)).toBe('Nessun dato dal bridge da 1440 min');
      // Stored before the measured values were kept: as written.
      expect(alarmText(level)).toBe('House battery: Voltage è sotto la soglia critica bassa di 11.80 V (11.20 V)');
      await i18n.changeLanguage('de');
      expect(alarmText(measured)).toBe('House battery: Voltage liegt unter der unteren kritischen Grenze von 11,80 V (11,20 V)');
    } finally {
      await i18n.changeLanguage('en');
    }
  });
});
