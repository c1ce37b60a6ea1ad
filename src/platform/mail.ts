/**
 * Outgoing e-mail. With SMTP_URL the message goes through nodemailer and only its envelope is
 * kept; without it the whole message waits in the mail outbox, where the admin CLI lists it.
 * The log names subject and recipient, never the body (it carries links and codes).
 */
import nodemailer, { type Transporter } from 'nodemailer';
import type { Database } from '../db/knex.js';
import { deleteSome, nowIso } from '../db/knex.js';
import type { Logger } from './logger.js';
import { paginate, type Page, type PageRequest } from './pagination.js';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

export interface OutboxRow {
  id: number;
  to: string;
  subject: string;
  text: string | null;
  transport: 'smtp' | 'outbox';
  sentAt: string | null;
  error: string | null;
  createdAt: string;
}

/** What became of a message: the SMTP server's answer, the outbox, or why it failed. */
export type MailOutcome = { outcome: 'accepted'; response: string | null } | { outcome: 'outbox' } | { outcome: 'failed'; reason: string };

export class Mailer {
  private readonly transporter: Transporter | null;

  constructor(
    private readonly db: Database,
    private readonly log: Logger,
    private readonly from: string,
    smtpUrl: string | null,
  ) {
    this.transporter = smtpUrl ? nodemailer.createTransport(pooled(smtpUrl)) : null;
  }

  /** False when the SMTP server refused the message or could not be reached (it is kept in the outbox); true once sent or, without SMTP, queued. */
  async send(message: MailMessage): Promise<boolean> {
    return (await this.deliver(message)).outcome !== 'failed';
  }

  /**
   * Sends a message and says what became of it: accepted by the SMTP server (with its answer),
   * waiting in the outbox (no SMTP server configured), or failed (with the reason).
   */
  async deliver(message: MailMessage): Promise<MailOutcome> {
    const createdAt = nowIso();
    if (!this.transporter) {
      await this.db('mail_outbox').insert({ to_address: message.to, subject: message.subject, body: message.text, transport: 'outbox', created_at: createdAt });
      this.log.info('mail queued in outbox', { to: message.to, subject: message.subject });
      return { outcome: 'outbox' };
    }
    try {
      const info = (await this.transporter.sendMail({ from: this.from, to: message.to, subject: message.subject, text: message.text })) as {
        response?: unknown;
      };
      await this.db('mail_outbox').insert({ to_address: message.to, subject: message.subject, transport: 'smtp', sent_at: nowIso(), created_at: createdAt });
      this.log.info('mail sent', { to: message.to, subject: message.subject });
      return { outcome: 'accepted', response: typeof info.response === 'string' ? info.response.slice(0, 300) : null };
    } catch (err) {
      const reason = (err as Error).message.slice(0, 500);
      // The body stays in the outbox so an operator can still deliver it by hand.
      await this.db('mail_outbox').insert({
        to_address: message.to,
        subject: message.subject,
        body: message.text,
        transport: 'smtp',
        error: reason,
        created_at: createdAt,
      });
      this.log.error('mail delivery failed', { to: message.to, subject: message.subject, reason: (err as Error).message });
      return { outcome: 'failed', reason };
    }
  }

  close(): void {
    this.transporter?.close();
  }
}

/**
 * Keeps SMTP connections open between messages (unless SMTP_URL says `pool=false`): a new
 * connection per message costs about 110 ms against a local server, a pooled one 1–2 ms, and
 * alarm e-mails go out one after another (docs/performance.md, "Alarms").
 */
function pooled(smtpUrl: string): string {
  const url = new URL(smtpUrl);
  if (!url.searchParams.has('pool')) url.searchParams.set('pool', 'true');
  return url.toString();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a mail_outbox row as Knex answers it
const toOutboxRow = (r: Record<string, any>): OutboxRow => ({
  id: r.id,
  to: r.to_address,
  subject: r.subject,
  text: r.body ?? null,
  transport: r.transport,
  sentAt: r.sent_at ?? null,
  error: r.error ?? null,
  createdAt: r.created_at,
});

export async function listOutbox(db: Database, limit = 50): Promise<OutboxRow[]> {
  const rows = await db('mail_outbox').orderBy('id', 'desc').limit(limit);
  return rows.map(toOutboxRow);
}

/** Where a mail stands: outbox (waiting to be delivered by hand), sent (by SMTP), failed (SMTP refused it). */
export type MailDelivery = 'outbox' | 'sent' | 'failed';
export const deliveryOf = (row: Pick<OutboxRow, 'transport' | 'error'>): MailDelivery =>
  row.transport === 'outbox' ? 'outbox' : row.error ? 'failed' : 'sent';

/** One mail as the admin console shows it; `text` only in the detail (bodies carry sign-in links and codes). */
export interface OutboxMail {
  id: number;
  to: string;
  subject: string;
  delivery: MailDelivery;
  createdAt: string;
  sentAt: string | null;
  error: string | null;
  text?: string | null;
}

const outboxMail = (row: OutboxRow, withText: boolean): OutboxMail => ({
  id: row.id,
  to: row.to,
  subject: row.subject,
  delivery: deliveryOf(row),
  createdAt: row.createdAt,
  sentAt: row.sentAt,
  error: row.error,
  ...(withText ? { text: row.text } : {}),
});

/** A page of the outbox, newest first unless sorted otherwise; filter q: recipient or subject, delivery. */
export async function pageOutbox(db: Database, request: PageRequest<{ q?: string; delivery?: MailDelivery }>): Promise<Page<OutboxMail>> {
  const query = db('mail_outbox').select('*');
  const q = request.filter?.q?.trim().toLowerCase();
  if (q) query.where((w) => w.whereRaw('lower(to_address) like ?', [`%${q}%`]).orWhereRaw('lower(subject) like ?', [`%${q}%`]));
  const delivery = request.filter?.delivery;
  if (delivery === 'outbox') query.where({ transport: 'outbox' });
  if (delivery === 'sent') query.where({ transport: 'smtp' }).whereNull('error');
  if (delivery === 'failed') query.where({ transport: 'smtp' }).whereNotNull('error');
  return paginate(query, request, { createdAt: 'created_at', to: 'to_address', subject: 'subject' }, ['created_at', 'desc'], (r: Record<string, unknown>) =>
    outboxMail(toOutboxRow(r), false),
  );
}

/** One mail with its text, or null. */
export async function findOutboxMail(db: Database, id: number): Promise<OutboxMail | null> {
  const row = await db('mail_outbox').where({ id }).first();
  return row ? outboxMail(toOutboxRow(row), true) : null;
}

/** Retention: up to `limit` outbox mails created before `cutoffIso`, sent or not. */
export async function pruneOutbox(db: Database, cutoffIso: string, limit: number): Promise<number> {
  return deleteSome(db, 'mail_outbox', (q) => q.where('created_at', '<', cutoffIso), limit);
}
