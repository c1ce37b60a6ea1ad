/** A user's display preferences (docs/api.md, "Profile"): the shape the server keeps and the web app applies. */
import type { UnitSystem } from './units.js';

export type { UnitSystem };
export type Theme = 'light' | 'dark';
export type TimeFormat = '24h' | '12h';

export interface Preferences {
  unitSystem: UnitSystem;
  /** null: follow the device (its own choice, else its colour-scheme setting). */
  theme: Theme | null;
  timeFormat: TimeFormat;
  /** An IANA time zone. */
  timeZone: string;
}

/** The answer of POST auth/checkSession: who is signed in, and for which company. */
export interface SessionUser {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  isAdmin: boolean;
  /** Whether the user works for a company (the organisation area is theirs). */
  corporate: boolean;
  companyId: number | null;
  companyKind: string | null;
}
