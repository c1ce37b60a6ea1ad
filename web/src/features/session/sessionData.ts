import type { NavigationItem, Preferences, Profile } from '../profile/types';
import type { Organisation } from '../organisation/types';
import type { SessionData, SessionUser } from './types';

export interface SessionDataSources {
  profile: () => Promise<Profile>;
  preferences: () => Promise<Preferences>;
  navigation: () => Promise<NavigationItem[]>;
  organisation: () => Promise<Organisation>;
}

/**
 * What a successful session check loads: profile details, preferences and navigation, and the
 * company data (GET org/myOrganisation) only for corporate profiles (spec 4).
 */
export async function loadSessionData(user: SessionUser, sources: SessionDataSources): Promise<SessionData> {
  const [profile, preferences, navigation] = await Promise.all([sources.profile(), sources.preferences(), sources.navigation()]);
  const corporate = user.corporate || profile.corporate;
  const organisation = corporate ? await sources.organisation() : null;
  return { profile, preferences, navigation, organisation };
}
