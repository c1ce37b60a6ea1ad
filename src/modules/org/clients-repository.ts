/**
 * The org module's clients and client notes: company_clients (a person a company looks after,
 * invited by e-mail, with an expiry until they accept) and company_client_notes. Only this file
 * touches them.
 */
import type { Db } from '../../db/knex.js';
import { insertId, nowIso } from '../../db/knex.js';

interface ClientTableRow {
  id: number;
  company_id: number;
  user_id: number | null;
  invited_email: string | null;
  status: string;
  invited_by: number | null;
  expires_at: string | null;
  accepted_at: string | null;
  created_at: string;
}

interface NoteTableRow {
  id: number;
  client_id: number;
  author_id: number | null;
  message_text: string;
  created_at: string;
}

export interface Client {
  id: number;
  companyId: number;
  userId: number | null;
  invitedEmail: string | null;
  status: 'pending' | 'active';
  invitedBy: number | null;
  expiresAt: string | null;
  acceptedAt: string | null;
  createdAt: string;
}

export interface NoteRow {
  id: number;
  clientId: number;
  authorId: number | null;
  messageText: string;
  createdAt: string;
}

const toClient = (r: ClientTableRow): Client => ({
  id: r.id,
  companyId: r.company_id,
  userId: r.user_id,
  invitedEmail: r.invited_email,
  status: r.status === 'active' ? 'active' : 'pending',
  invitedBy: r.invited_by ?? null,
  expiresAt: r.expires_at ?? null,
  acceptedAt: r.accepted_at ?? null,
  createdAt: r.created_at,
});

const toNote = (r: NoteTableRow): NoteRow => ({ id: r.id, clientId: r.client_id, authorId: r.author_id, messageText: r.message_text, createdAt: r.created_at });

const clients = (db: Db) => db<ClientTableRow>('company_clients');
const notes = (db: Db) => db<NoteTableRow>('company_client_notes');

export async function clientsOfCompany(db: Db, companyId: number): Promise<Client[]> {
  return (await clients(db).where({ company_id: companyId }).orderBy('id')).map(toClient);
}

/** A client of this company; another company's client answers null like a missing one. */
export async function findClient(db: Db, companyId: number, id: number): Promise<Client | null> {
  const row = await clients(db).where({ company_id: companyId, id }).first();
  return row ? toClient(row) : null;
}

export async function findClientByUser(db: Db, companyId: number, userId: number): Promise<Client | null> {
  const row = await clients(db).where({ company_id: companyId, user_id: userId }).first();
  return row ? toClient(row) : null;
}

/** The user's client rows in every company (their invitations and the companies looking after them). */
export async function clientRowsOfUser(db: Db, userId: number): Promise<Client[]> {
  return (await clients(db).where({ user_id: userId }).orderBy('id')).map(toClient);
}

export async function insertClientInvitation(
  db: Db,
  row: { companyId: number; userId: number; email: string; invitedBy: number; expiresAt: string },
): Promise<number> {
  return insertId(db, 'company_clients', {
    company_id: row.companyId,
    user_id: row.userId,
    invited_email: row.email,
    status: 'pending',
    invited_by: row.invitedBy,
    expires_at: row.expiresAt,
    created_at: nowIso(),
  });
}

export async function updateClient(db: Db, id: number, patch: { status?: 'active'; expiresAt?: string | null; acceptedAt?: string }): Promise<void> {
  const row: Partial<ClientTableRow> = {};
  if (patch.status) row.status = patch.status;
  if (patch.expiresAt !== undefined) row.expires_at = patch.expiresAt;
  if (patch.acceptedAt) row.accepted_at = patch.acceptedAt;
  await clients(db).where({ id }).update(row);
}

/** Removes the client and their notes. */
export async function deleteClient(db: Db, id: number): Promise<void> {
  await db.transaction(async (trx) => {
    await notes(trx).where({ client_id: id }).delete();
    await clients(trx).where({ id }).delete();
  });
}

export async function notesOf(db: Db, clientId: number): Promise<NoteRow[]> {
  return (await notes(db).where({ client_id: clientId }).orderBy('id', 'desc')).map(toNote);
}

export async function insertNote(db: Db, clientId: number, authorId: number, messageText: string): Promise<NoteRow> {
  const id = await insertId(db, 'company_client_notes', { client_id: clientId, author_id: authorId, message_text: messageText, created_at: nowIso() });
  return toNote((await notes(db).where({ id }).first())!);
}

export async function findNote(db: Db, clientId: number, id: number): Promise<NoteRow | null> {
  const row = await notes(db).where({ client_id: clientId, id }).first();
  return row ? toNote(row) : null;
}

export async function deleteNote(db: Db, id: number): Promise<void> {
  await notes(db).where({ id }).delete();
}
