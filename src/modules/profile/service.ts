/**
 * The signed-in user's own profile: details, preferences, navigation, picture, password, account
 * deletion, vendors and voucher look-ups. Profile owns no table; it composes what other modules
 * offer, handed in by index.ts as the narrow interfaces below.
 */
import Boom from '@hapi/boom';
import type { Db } from '../../db/knex.js';
import type { SessionUser } from '../../../contracts/profile.js';
import { ruleRefused } from '../../platform/errors.js';
import { translator } from '../../platform/i18n.js';
import { deleteFile, detectImage, fileUrl, storeFile } from '../../platform/files.js';
import type { Limiter, RateLimits } from '../../platform/rate-limit.js';
import type { AuthApi, User } from '../auth/api.js';
import type { Company } from '../org/api.js';

/** Voucher look-ups guess at codes: a budget per user (docs/architecture.md, "Sessions and secrets"). */
export const VOUCHER_LOOKUPS = { points: 10, windowSeconds: 60 * 60 } as const;

export type Accounts = Pick<AuthApi, 'findUser' | 'updateUser' | 'deleteUser' | 'changePassword' | 'sendConfirmationCode' | 'consumeConfirmationCode'>;

export interface Companies {
  companyOf(userId: number): Promise<Company | null>;
  companiesByIds(ids: number[]): Promise<Map<number, Company>>;
}

export interface Vessels {
  ownedBy(userId: number): Promise<Array<{ id: number; name: string }>>;
  countOf(userId: number): Promise<number>;
  vendorsOf(ownerId: number): Promise<Array<{ companyId: number; paused: boolean; vesselIds: number[] }>>;
  setVendorPaused(ownerId: number, companyId: number, paused: boolean): Promise<number>;
}

export interface Navigation {
  navigationFor(user: { isAdmin: boolean; corporate: boolean }): Promise<unknown[]>;
}

export interface Vouchers {
  voucherDetails(code: string): Promise<object | null>;
}

export interface ProfileEdit {
  firstName?: string;
  lastName?: string;
  phone?: string | null;
  countryCode?: string | null;
  languageCode?: string | null;
  preferences?: Partial<User['preferences']>;
}

export interface ProfileDeps {
  accounts: Accounts;
  companies: Companies;
  vessels: Vessels;
  navigation: Navigation;
  vouchers: Vouchers;
}

export class ProfileService {
  private readonly voucherLookups: Limiter;

  constructor(
    private readonly db: Db,
    private readonly deps: ProfileDeps,
    limits: RateLimits,
  ) {
    this.voucherLookups = limits.limiter('profile.voucherLookups', VOUCHER_LOOKUPS, 'Too many voucher look-ups. Please try again later.');
  }

  /** The Profile shape of docs/api.md. */
  async profile(userId: number) {
    return this.view(await this.me(userId));
  }

  /** auth/checkSession's summary: who is signed in, and for which company. */
  async sessionSummary(userId: number): Promise<SessionUser> {
    const user = await this.me(userId);
    const company = await this.deps.companies.companyOf(user.id);
    return {
      id: user.id,
      email: user.email,
      firstName: user.firstName,
      lastName: user.lastName,
      isAdmin: user.isAdmin,
      corporate: company !== null,
      companyId: company?.id ?? null,
      companyKind: company?.kind ?? null,
    };
  }

  async preferences(userId: number) {
    return (await this.me(userId)).preferences;
  }

  async navigation(userId: number) {
    const user = await this.me(userId);
    const company = await this.deps.companies.companyOf(user.id);
    return this.deps.navigation.navigationFor({ isAdmin: user.isAdmin, corporate: company !== null });
  }

  async current(userId: number) {
    const user = await this.me(userId);
    return { user: await this.view(user), preferences: user.preferences, vesselCount: await this.deps.vessels.countOf(user.id) };
  }

  async edit(userId: number, edit: ProfileEdit) {
    await this.deps.accounts.updateUser(userId, { ...edit, phone: edit.phone === '' ? null : edit.phone });
    return this.profile(userId);
  }

  /** Stores a new picture (PNG, JPEG, GIF or WebP, by content) and drops the old one. */
  async replaceImage(userId: number, data: Buffer): Promise<{ imageUrl: string | null }> {
    const user = await this.me(userId);
    const stored = await storeFile(this.db, { data, mime: detectImage(data), ownerUserId: user.id });
    await this.deps.accounts.updateUser(user.id, { imageFileId: stored.id });
    await deleteFile(this.db, user.imageFileId);
    return { imageUrl: fileUrl(stored.id) };
  }

  changePassword(userId: number, sessionId: string, currentPassword: string, newPassword: string): Promise<void> {
    return this.deps.accounts.changePassword(userId, sessionId, currentPassword, newPassword);
  }

  /** First step of deleting one's account: refused while vessels are owned, else a code by e-mail. */
  async requestDeletion(userId: number, requestedId: number): Promise<void> {
    if (requestedId !== userId) throw Boom.forbidden('You can only delete your own account');
    const owned = await this.deps.vessels.ownedBy(userId);
    if (owned.length) throw ruleRefused(`Delete or hand over your vessels first (${owned.map((v) => v.name).join(', ')})`);
    await this.deps.accounts.sendConfirmationCode(userId, 'delete_profile', String(userId), (language) => translator(language, 'auth')('what.deleteAccount'));
  }

  async confirmDeletion(userId: number, code: string): Promise<void> {
    await this.deps.accounts.consumeConfirmationCode(userId, 'delete_profile', code);
    // Vessels may have been acquired between the two steps.
    if ((await this.deps.vessels.ownedBy(userId)).length) throw ruleRefused('Delete or hand over your vessels first');
    const user = await this.me(userId);
    await this.deps.accounts.deleteUser(userId);
    await deleteFile(this.db, user.imageFileId);
  }

  async vendors(ownerId: number) {
    const vendors = await this.deps.vessels.vendorsOf(ownerId);
    const companies = await this.deps.companies.companiesByIds(vendors.map((v) => v.companyId));
    return vendors
      .map((v) => ({
        id: v.companyId,
        name: companies.get(v.companyId)?.name ?? '',
        kind: companies.get(v.companyId)?.kind ?? null,
        enabled: !v.paused,
        vesselCount: v.vesselIds.length,
      }))
      .sort((a, b) => a.name.localeCompare(b.name));
  }

  /** Another owner's vendor is answered like an unknown one. */
  async setVendorEnabled(ownerId: number, companyId: number, enabled: boolean) {
    const changed = await this.deps.vessels.setVendorPaused(ownerId, companyId, !enabled);
    if (!changed) throw Boom.notFound('Vendor not found');
    return { id: companyId, enabled };
  }

  async vendorVessels(ownerId: number, companyId: number) {
    const vendor = (await this.deps.vessels.vendorsOf(ownerId)).find((v) => v.companyId === companyId);
    if (!vendor) throw Boom.notFound('Vendor not found');
    const owned = await this.deps.vessels.ownedBy(ownerId);
    return owned.filter((v) => vendor.vesselIds.includes(v.id)).map((v) => ({ id: v.id, name: v.name }));
  }

  /** Counted before the look-up, found or not: the budget bounds guessing. */
  async voucherDetails(userId: number, code: string) {
    await this.voucherLookups.consume(String(userId));
    const details = await this.deps.vouchers.voucherDetails(code);
    if (!details) throw Boom.notFound('Voucher not found or no longer valid');
    return details;
  }

  private async me(userId: number): Promise<User> {
    const user = await this.deps.accounts.findUser(userId);
    if (!user) throw Boom.unauthorized('Your session has ended. Please sign in again.');
    return user;
  }

  private async view(user: User) {
    const company = await this.deps.companies.companyOf(user.id);
    return {
      id: user.id,
      email: user.email,
      firstName: user.firstName,
      lastName: user.lastName,
      phone: user.phone,
      countryCode: user.countryCode,
      languageCode: user.languageCode,
      imageUrl: fileUrl(user.imageFileId),
      isAdmin: user.isAdmin,
      corporate: company !== null,
      companyId: company?.id ?? null,
      createdAt: user.createdAt,
    };
  }
}
