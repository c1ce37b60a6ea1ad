/** A vessel's notes (docs/api.md, "Notes"): the shape the server answers and the web app shows. */

/** One note on a vessel; every member reads it, its author or the owner deletes it. */
export interface Note {
  id: number;
  messageText: string;
  /** null once the author's account is gone. */
  authorId: number | null;
  /** The author's name as the profile gives it; null when the account is gone or has no name. */
  authorName: string | null;
  createdAt: string;
}

/** The longest note the server takes (the field's limit in the web form too). */
export const NOTE_MAX_LENGTH = 5000;
