/**
 * Notes on a vessel: every member reads and writes them; the author or the owner deletes one.
 * Authors' names come from the auth module, never from its table.
 */
import Boom from '@hapi/boom';
import type { VesselScope } from '../../access/api.js';
import type { Db } from '../../../db/knex.js';
import type { Note } from '../../../../contracts/notes.js';
import * as repo from './repository.js';

/** What the notes need to know about people. */
export interface People {
  usersByIds(ids: number[]): Promise<Map<number, { firstName: string; lastName: string }>>;
}

export class NotesService {
  constructor(
    private readonly db: Db,
    private readonly people: People,
  ) {}

  async list(vesselId: number): Promise<Note[]> {
    return this.withAuthors(await repo.notesOf(this.db, vesselId));
  }

  async add(scope: VesselScope, messageText: string): Promise<Note> {
    const row = await repo.insertNote(this.db, { vesselId: scope.vesselId, authorId: scope.caller.id, messageText });
    return (await this.withAuthors([row]))[0];
  }

  async remove(scope: VesselScope, noteId: number): Promise<void> {
    const note = await repo.findNote(this.db, scope.vesselId, noteId);
    if (!note) throw Boom.notFound('Note not found');
    if (note.author_id !== scope.caller.id && scope.access.role !== 'owner') throw Boom.forbidden('Only the author or the owner can delete this note');
    await repo.deleteNote(this.db, noteId);
  }

  private async withAuthors(rows: repo.NoteRow[]): Promise<Note[]> {
    const authors = await this.people.usersByIds(rows.flatMap((r) => (r.author_id === null ? [] : [r.author_id])));
    return rows.map((r) => {
      const author = r.author_id === null ? undefined : authors.get(r.author_id);
      return {
        id: r.id,
        messageText: r.message_text,
        authorId: r.author_id,
        authorName: author ? [author.firstName, author.lastName].filter(Boolean).join(' ') || null : null,
        createdAt: r.created_at,
      };
    });
  }
}
