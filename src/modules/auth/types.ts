export type UserStatus = 'pending' | 'active' | 'suspended';
export type UnitSystem = 'metric' | 'imperial';
export type Theme = 'light' | 'dark';
export type TimeFormat = '24h' | '12h';

export interface Preferences {
  unitSystem: UnitSystem;
  /** null: follow the device (its own choice, else its colour-scheme setting). */
  theme: Theme | null;
  timeFormat: TimeFormat;
  timeZone: string;
}

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
