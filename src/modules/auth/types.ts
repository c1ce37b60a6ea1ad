export type UserStatus = 'pending' | 'active' | 'suspended';
import type { Preferences } from '../../../contracts/profile.js';

export type { Preferences, Theme, TimeFormat, UnitSystem } from '../../../contracts/profile.js';

export interface User {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  phone: string | null;
  countryCode: string | null;
  languageCode: string | null;
  imageFileId: string | null;
  isAdmin: boolean;
  status: UserStatus;
  preferences: Preferences;
  createdAt: string;
}

/** What an authenticated request carries in `request.auth.credentials`. */
export interface SessionCredentials {
  user: { id: number; email: string; isAdmin: boolean };
  sessionId: string;
  scope: string[];
}

export type OneTimePurpose =
  | 'verify_email'
  | 'reset_password'
  | 'delete_profile'
  | 'delete_vessel'
  | 'transfer_vessel'
  | 'unlink_client'
  | 'remove_company_client'
  | 'invite'
  | 'sign_in_link';
