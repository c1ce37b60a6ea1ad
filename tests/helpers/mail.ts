import type { Database } from '../../src/db/knex.js';
import { listOutbox } from '../../src/platform/mail.js';

/** The newest outbox message to an address (as the recipient would read it). */
/** The newest mail to `to`; with `subject`, the newest whose subject matches (an alarm mail may come in between). */
export async function lastMailTo(db: Database, to: string, subject?: RegExp) {
  const messages = await listOutbox(db, 200);
  return messages.find((m) => m.to === to.toLowerCase() && (!subject || subject.test(m.subject))) ?? null;
}

export const linkToken = (text: string, pattern: RegExp): string => {
  const match = pattern.exec(text);
  if (!match) throw new Error(`no match for ${pattern} in mail: ${text}`);
  return match[1];
};
