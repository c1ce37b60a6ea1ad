import { describe, expect, it } from 'vitest';
import { alertsBannerMessage, vesselBanner } from '../../web/src/features/vessels/banner';
import type { Alert } from '../../web/src/features/alerts/types';

const healthy = {
  reportingClient: { id: 1, serial: 'LNK-0001', version: '1.4.2' },
  vesselSubscription: { valid: true, validUntil: '2027-01-01T00:00:00Z', productIds: [1] },
  online: true,
  lastSeen: '2026-06-01T10:15:00Z',
};

const alert = (overrides: Partial<Alert>): Alert => ({
  id: 1,
  path: 'notifications.tanks.blackWater.0.currentLevel',
  state: 'warn',
  message: 'Black water tank 80 % full',
  raisedAt: '2026-06-01T10:00:00Z',
  clearedAt: null,
  acknowledgedAt: null,
  silenced: false,
  ...overrides,
});

describe('vessel banner precedence', () => {
  it('asks to pair a vessel without a bridge, before anything else', () => {
    const banner = vesselBanner({ ...healthy, reportingClient: null, vesselSubscription: null, online: false });
    expect(banner).toMatchObject({ kind: 'NOT_PAIRED', type: 'NEUTRAL', action: 'PAIR' });
    expect(banner?.text).toMatch(/not paired[\s\S]*Pair now to activate the bridge/);
  });

  it('warns about missing cloud services next', () => {
    const banner = vesselBanner({ ...healthy, vesselSubscription: { valid: false, validUntil: null, productIds: [] }, online: false });
    expect(banner).toMatchObject({ kind: 'NO_SUBSCRIPTION', type: 'WARNING' });
    expect(banner?.text).toMatch(/no active cloud services[\s\S]*Renew/);
  });

  it('in the test period after pairing, says until when every service is on, unless offline or alarmed', () => {
    const trial = {
      ...healthy,
      vesselSubscription: null,
      cloudServices: { active: true, subscribed: false, inTestPeriod: true, testPeriodUntil: '2026-06-08T10:00:00Z' },
    };
    expect(vesselBanner(trial)).toEqual({
      kind: 'TRIAL',
      type: 'GENERAL',
      text: 'Test period: every cloud service is on until 08/06/2026, 10:00:00 UTC. Subscribe to keep them afterwards.',
      action: 'SUBSCRIBE',
      icon: 'info',
    });
    expect(vesselBanner({ ...trial, online: false })?.kind).toBe('OFFLINE');
    expect(vesselBanner(trial, { type: 'CRITICAL', text: 'Bilge alarm' })).toMatchObject({ kind: 'MESSAGE', text: 'Bilge alarm' });
    // Once it is over, the services are off and the banner says so.
    expect(vesselBanner({ ...trial, cloudServices: { ...trial.cloudServices, active: false, inTestPeriod: false } })?.kind).toBe('NO_SUBSCRIPTION');
  });

  it('offers Pair and Renew only to those who may, and tells the others who can', () => {
    const crew = { canPair: false, canSubscribe: false };
    const unpaired = vesselBanner({ ...healthy, reportingClient: null }, null, crew);
    expect(unpaired).toMatchObject({ kind: 'NOT_PAIRED', text: 'This vessel is not paired to the cloud yet. Its owner can pair the bridge.' });
    expect(unpaired?.action).toBeUndefined();
    const lapsed = vesselBanner({ ...healthy, vesselSubscription: { valid: false, validUntil: null, productIds: [] } }, null, crew);
    expect(lapsed).toMatchObject({ kind: 'NO_SUBSCRIPTION', text: expect.stringContaining('Whoever manages its billing can renew') });
    expect(lapsed?.action).toBeUndefined();
  });

  it('says an offline vessel was last seen in UTC and that values are the last known', () => {
    const banner = vesselBanner({ ...healthy, online: false });
    expect(banner).toMatchObject({ kind: 'OFFLINE', type: 'NEUTRAL' });
    expect(banner?.text).toBe('This vessel is offline. Last seen 01/06/2026, 10:15:00 UTC. The values shown are the last known.');
  });

  it('shows a general message only for a paired, subscribed, online vessel', () => {
    const message = { type: 'GENERAL' as const, text: 'Maintenance tonight' };
    expect(vesselBanner(healthy, message)).toMatchObject({ kind: 'MESSAGE', type: 'GENERAL', text: 'Maintenance tonight' });
    expect(vesselBanner({ ...healthy, online: false }, message)?.kind).toBe('OFFLINE');
    expect(vesselBanner(healthy)).toBeNull();
  });
});

describe('alerts as the general message', () => {
  it('is critical and clickable for an alarm', () => {
    const message = alertsBannerMessage([alert({ state: 'warn' }), alert({ id: 2, state: 'alarm', message: 'Bilge water high' })]);
    expect(message).toEqual({ type: 'CRITICAL', text: 'Bilge water high (2 active alerts)', action: 'OPEN_ALERTS', icon: 'alert' });
  });

  it('is a warning for warnings, stays while a rectified alert waits for acknowledgement, and goes once cleared', () => {
    expect(alertsBannerMessage([alert({})])?.type).toBe('WARNING');
    expect(alertsBannerMessage([alert({ clearedAt: '2026-06-01T11:00:00Z' })])?.type).toBe('WARNING');
    expect(alertsBannerMessage([alert({ clearedAt: '2026-06-01T11:00:00Z', acknowledgedAt: '2026-06-01T10:30:00Z' })])).toBeNull();
    expect(alertsBannerMessage(undefined)).toBeNull();
  });
});
