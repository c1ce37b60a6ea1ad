import type { Preferences } from '../../../../contracts/profile';
import { DEFAULT_UNIT_SYSTEM } from '../../lib/units';
import { DEFAULT_TIME_ZONE } from '../../lib/dates';

export interface Profile {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  phone: string | null;
  countryCode: string | null;
  languageCode: string | null;
  imageUrl: string | null;
  isAdmin: boolean;
  corporate: boolean;
  companyId: number | null;
  createdAt: string;
}

/** The account's preferences (contracts/profile.ts); the theme is applied at sign-in, null following the device. */
export type { Preferences };

export const DEFAULT_PREFERENCES: Preferences = {
  unitSystem: DEFAULT_UNIT_SYSTEM,
  theme: null,
  timeFormat: '24h',
  timeZone: DEFAULT_TIME_ZONE,
};

/** A navigation component the user may see; the server sorts them by menuOrder. */
export interface NavigationItem {
  id: number;
  code: string;
  name: string;
  path: string;
  icon: string | null;
  menuOrder: number;
}

export interface ProfileEdit {
  firstName?: string;
  lastName?: string;
  phone?: string | null;
  countryCode?: string | null;
  languageCode?: string | null;
  preferences?: Partial<Preferences>;
}

export interface CodeAndName {
  code: string;
  name: string;
}
