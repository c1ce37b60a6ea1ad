/**
 * Uploaded files (profile and vessel images, documents), kept in the database so that a backup of
 * the database is a backup of everything. Content is checked by its bytes, never by its name.
 */
import { randomUUID } from 'node:crypto';
import Boom from '@hapi/boom';
import type { Database } from '../db/knex.js';
import { nowIso } from '../db/knex.js';

export interface StoredFile {
  id: string;
  mime: string;
  size: number;
  name: string | null;
}

const SIGNATURES: Array<{ mime: string; test: (b: Buffer) => boolean }> = [
  { mime: 'image/png', test: (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) },
  { mime: 'image/jpeg', test: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  { mime: 'image/gif', test: (b) => b.subarray(0, 6).toString('latin1') === 'GIF87a' || b.subarray(0, 6).toString('latin1') === 'GIF89a' },
  { mime: 'image/webp', test: (b) => b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP' },
];

const DOCUMENT_SIGNATURES: Array<{ mime: string; test: (b: Buffer) => boolean }> = [
  ...SIGNATURES,
  { mime: 'application/pdf', test: (b) => b.subarray(0, 5).toString('latin1') === '%PDF-' },
];

/** The image type of these bytes, or a 415. */
export function detectImage(data: Buffer): string {
  const match = SIGNATURES.find((s) => data.length > 12 && s.test(data));
  if (!match) throw Boom.unsupportedMediaType('The file is not an image (PNG, JPEG, GIF or WebP)');
  return match.mime;
}

/** The type of a document: an image, a PDF, or plain UTF-8 text; anything else is a 415. */
export function detectDocument(data: Buffer): string {
  const match = DOCUMENT_SIGNATURES.find((s) => data.length > 12 && s.test(data));
  if (match) return match.mime;
  const text = data.toString('utf8');
  if (!text.includes('\u0000') && Buffer.from(text, 'utf8').equals(data)) return 'text/plain';
  throw Boom.unsupportedMediaType('Documents must be PDF, an image or plain text');
}

export async function storeFile(db: Database, file: { data: Buffer; mime: string; name?: string | null; ownerUserId: number | null }): Promise<StoredFile> {
  const id = randomUUID();
  await db('files').insert({
    id,
    mime: file.mime,
    size: file.data.length,
    name: file.name ?? null,
    data: file.data,
    owner_user_id: file.ownerUserId,
    created_at: nowIso(),
  });
  return { id, mime: file.mime, size: file.data.length, name: file.name ?? null };
}

export async function readFile(db: Database, id: string): Promise<(StoredFile & { data: Buffer }) | null> {
  const row = await db('files').where({ id }).first();
  return row ? { id: row.id, mime: row.mime, size: row.size, name: row.name, data: Buffer.from(row.data) } : null;
}

export async function deleteFile(db: Database, id: string | null): Promise<void> {
  if (id) await db('files').where({ id }).delete();
}

export const fileUrl = (id: string | null): string | null => (id ? `/api/files/${id}` : null);
