import type { NavigationItem, Preferences, Profile } from '../profile/types';
import type { Organisation } from '../organisation/types';

/** The answer of POST /api/auth/checkSession (contracts/profile.ts). */
export type { SessionUser } from '../../../../contracts/profile';

/** A sign-in: e-mail and password, or the token of an e-mailed one-time sign-in link. */
export type Credentials = { username: string; password: string } | { linkToken: string };

/** Everything loaded after a successful session check. */
export interface SessionData {
  profile: Profile;
  preferences: Preferences;
  navigation: NavigationItem[];
  /** Company data, loaded for corporate profiles only. */
  organisation: Organisation | null;
}
