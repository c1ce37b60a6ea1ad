import { describe, expect, it } from 'vitest';
import { canViewErrorReport, environmentLabel, UI_VERSION } from '../../web/src/lib/env';

describe('environment label', () => {
  it.each([
    ['cloud.vessel-link.com', 'CLOUD'],
    ['master.vessel-link.com', 'CLOUD'],
    ['demo.vessel-link.com', 'DEMO'],
    ['staging.vessel-link.com', 'STAGING'],
    ['dev.vessel-link.com', 'DEV'],
    ['develop.vessel-link.com', 'DEV'],
    ['DEMO.Vessel-Link.com', 'DEMO'],
    ['app.vessel-link.com', ''],
    ['localhost', ''],
    ['cloudy.vessel-link.com', ''],
  ])('labels %s as "%s"', (host, label) => {
    expect(environmentLabel(host)).toBe(label);
  });

  it('hides the report details in the cloud and demo environments only', () => {
    expect(canViewErrorReport('CLOUD')).toBe(false);
    expect(canViewErrorReport('DEMO')).toBe(false);
    expect(canViewErrorReport('STAGING')).toBe(true);
    expect(canViewErrorReport('')).toBe(true);
  });

  it('is version 2.0.0', () => {
    expect(UI_VERSION).toBe('2.0.0');
  });
});
