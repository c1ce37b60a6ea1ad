import { i18n } from '../i18n';
import { formatMegabytes } from './bytes';

/** What the server accepts for an upload (its defaults: UPLOAD_IMAGE_MAX_BYTES, UPLOAD_DOCUMENT_MAX_BYTES). */
export interface UploadRule {
  /** Accepted media types; a type ending in `/*` accepts the whole family. */
  types: readonly string[];
  maxBytes: number;
  /** The accepted types in words, for the message (in the current language). */
  readonly typesInWords: string;
}

export const IMAGE_UPLOAD: UploadRule = {
  types: ['image/jpeg', 'image/png', 'image/gif', 'image/webp'],
  maxBytes: 5 * 1024 * 1024,
  get typesInWords() {
    return i18n.t('common:uploads.imageTypes');
  },
};

export const DOCUMENT_UPLOAD: UploadRule = {
  types: ['application/pdf', 'image/*', 'text/plain'],
  maxBytes: 20 * 1024 * 1024,
  get typesInWords() {
    return i18n.t('common:uploads.documentTypes');
  },
};

/** Why a file cannot be uploaded under a rule, or null when it can: checked before sending so the user learns why. */
export function uploadProblem(file: Pick<File, 'type' | 'size' | 'name'>, rule: UploadRule): string | null {
  const accepted = rule.types.some((type) => (type.endsWith('/*') ? file.type.startsWith(type.slice(0, -1)) : file.type === type));
  if (!accepted) return i18n.t('common:uploads.wrongType', { name: file.name, types: rule.typesInWords });
  if (file.size > rule.maxBytes)
    return i18n.t('common:uploads.tooLarge', { name: file.name, size: formatMegabytes(file.size), limit: formatMegabytes(rule.maxBytes) });
  return null;
}

/** The server's answer to a refused upload in words: 413 is the size limit, 415 the type. */
export function uploadFailure(status: number | null, rule: UploadRule): string | null {
  if (status === 413) return i18n.t('common:uploads.refusedSize', { limit: formatMegabytes(rule.maxBytes) });
  if (status === 415) return i18n.t('common:uploads.refusedType', { types: rule.typesInWords });
  return null;
}
