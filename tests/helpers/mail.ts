import type { Database } from '../../src/db/knex.js';
import { listOutbox } from '../../src/platform/mail.js';

/** The newest outbox message to an address (as the recipient would read it). */
export async function lastMailTo(db: Database, to: string) {
  const messages = await listOutbox(db, 200);
  return messages.find((m) => m.to === to.toLowerCase()) ?? null;
}

export const linkToken = (text: string, pattern: RegExp): string => {
  const match = pattern.exec(text);
  if (!match) throw new Error(`no match for ${pattern} in mail: ${text}`);
  return match[1];
};
