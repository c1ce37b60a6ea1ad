import { describe, expect, it, vi } from 'vitest';
import { loadSessionData } from '../../web/src/features/session/sessionData';
import { navigation, preferences, profile, sessionUser } from './fixtures';

function sources(corporateProfile = false) {
  return {
    profile: vi.fn(async () => profile({ corporate: corporateProfile })),
    preferences: vi.fn(async () => preferences),
    navigation: vi.fn(async () => navigation),
    organisation: vi.fn(async () => ({ id: 1, name: 'Riviera Yacht Services' })),
  };
}

describe('session data', () => {
  it('loads profile, preferences and navigation but no company data for a private profile', async () => {
    const fetchers = sources();
    const data = await loadSessionData(sessionUser(), fetchers);
    expect(data.profile.email).toBe('skipper@example.com');
    expect(data.organisation).toBeNull();
    expect(fetchers.organisation).not.toHaveBeenCalled();
  });

  it('loads the company data of a corporate profile', async () => {
    const fetchers = sources();
    const data = await loadSessionData(sessionUser({ corporate: true }), fetchers);
    expect(data.organisation?.name).toBe('Riviera Yacht Services');
  });

  it('also treats a profile marked corporate as corporate', async () => {
    const data = await loadSessionData(sessionUser(), sources(true));
    expect(data.organisation).not.toBeNull();
  });
});
