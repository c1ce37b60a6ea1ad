import { api } from '../../lib/api';

export interface NewAccount {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  countryCode?: string;
  languageCode?: string;
}

export const registration = {
  createAccount: (account: NewAccount) => api.post<unknown>('register/createAccount', account),
  completeRegistration: (verificationCode: string) => api.post<unknown>('register/completeRegistration', { verificationCode }),
  /** Always answers ok, whether or not the address has an account. */
  requestSignInLink: (email: string) => api.post<unknown>('auth/signInLink', undefined, { query: { email } }),
  requestPasswordReset: (email: string) => api.post<unknown>('register/forgottenPassword', undefined, { query: { email } }),
  resetPassword: (token: string, password: string) => api.post<unknown>('register/resetPassword', { token, password }),
};
