import type { Database } from '../../db/knex.js';
import { fileUrl } from '../../platform/files.js';
import type { User } from '../auth/api.js';
import { findCompanyOf } from '../org/api.js';

/** The Profile shape of docs/api-shapes.md. */
export async function profileView(db: Database, user: User) {
  const company = await findCompanyOf(db, user.id);
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
