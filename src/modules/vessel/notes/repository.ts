/** `vessel_notes`: one row per note, newest first. Only this file touches the table. */
import { insertId, nowIso } from '../../../db/knex.js';
import type { Db } from '../../../db/knex.js';

export interface NoteRow {
  id: number;
  vessel_id: number;
  author_id: number | null;
  message_text: string;
  created_at: string;
}

export const notesOf = (db: Db, vesselId: number): Promise<NoteRow[]> => db<NoteRow>('vessel_notes').where({ vessel_id: vesselId }).orderBy('id', 'desc');

export const findNote = (db: Db, vesselId: number, noteId: number): Promise<NoteRow | undefined> =>
  db<NoteRow>('vessel_notes').where({ id: noteId, vessel_id: vesselId }).first();

export async function insertNote(db: Db, note: { vesselId: number; authorId: number; messageText: string }): Promise<NoteRow> {
  const id = await insertId(db, 'vessel_notes', { vessel_id: note.vesselId, author_id: note.authorId, message_text: note.messageText, created_at: nowIso() });
  return (await findNote(db, note.vesselId, id))!;
}

export const deleteNote = (db: Db, noteId: number): Promise<number> => db('vessel_notes').where({ id: noteId }).delete();
