/** What the server accepts for an upload (its defaults: UPLOAD_IMAGE_MAX_BYTES, UPLOAD_DOCUMENT_MAX_BYTES). */
export interface UploadRule {
  /** Accepted media types; a type ending in `/*` accepts the whole family. */
  types: readonly string[];
  maxBytes: number;
  /** The accepted types in words, for the message. */
  typesInWords: string;
}

export const IMAGE_UPLOAD: UploadRule = {
  types: ['image/jpeg', 'image/png', 'image/gif', 'image/webp'],
  maxBytes: 5 * 1024 * 1024,
  typesInWords: 'a JPEG, PNG, GIF or WebP image',
};

export const DOCUMENT_UPLOAD: UploadRule = {
  types: ['application/pdf', 'image/*', 'text/plain'],
  maxBytes: 20 * 1024 * 1024,
  typesInWords: 'a PDF, an image or plain text',
};

const megabytes = (bytes: number) => `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;

/** Why a file cannot be uploaded under a rule, or null when it can: checked before sending so the user learns why. */
export function uploadProblem(file: Pick<File, 'type' | 'size' | 'name'>, rule: UploadRule): string | null {
  const accepted = rule.types.some((type) => (type.endsWith('/*') ? file.type.startsWith(type.slice(0, -1)) : file.type === type));
  if (!accepted) return `${file.name} cannot be uploaded: it must be ${rule.typesInWords}.`;
  if (file.size > rule.maxBytes) return `${file.name} is ${megabytes(file.size)}, larger than the limit of ${megabytes(rule.maxBytes)}.`;
  return null;
}

/** The server's answer to a refused upload in words: 413 is the size limit, 415 the type. */
export function uploadFailure(status: number | null, rule: UploadRule): string | null {
  if (status === 413) return `The file is larger than the limit of ${megabytes(rule.maxBytes)}.`;
  if (status === 415) return `The file must be ${rule.typesInWords}.`;
  return null;
}
