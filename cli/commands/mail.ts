/**
 * `mail`: the mail outbox. Without SMTP_URL every message waits there; with it, only failed
 * deliveries keep their body. Bodies carry sign-in links and codes, so they show only on request.
 */
import Boom from '@hapi/boom';
import { Command, Option } from 'commander';
import { findOutboxMail, listOutbox, type OutboxRow } from '../../src/platform/mail.js';
import { openOptions, withApp } from '../app.js';
import { parseId, parseInteger, withJson, type OutputOptions } from '../options.js';
import { present } from '../output.js';
import { shortDate, type View } from '../ui/view.js';

export interface MailItem {
  id: number;
  to: string;
  subject: string;
  createdAt: string;
  /** outbox: waiting to be delivered by hand; sent: delivered by SMTP; failed: SMTP refused it. */
  delivery: 'outbox' | 'sent' | 'failed';
  error: string | null;
  body?: string | null;
}

const deliveryOf = (row: OutboxRow): MailItem['delivery'] => (row.transport === 'outbox' ? 'outbox' : row.error ? 'failed' : 'sent');

function mailView(items: MailItem[], showBody: boolean): View {
  const empty = 'The mail outbox is empty.';
  if (showBody) {
    return {
      kind: 'records',
      records: items.map((m) => ({
        title: `#${m.id} ${m.subject}`,
        fields: [
          ['To', m.to],
          ['Created', shortDate(m.createdAt)],
          ['Delivery', m.error ? `${m.delivery}: ${m.error}` : m.delivery],
        ],
        body: m.body ?? '(not kept: delivered by SMTP)',
      })),
      empty,
    };
  }
  return {
    kind: 'table',
    columns: [
      { header: 'ID', align: 'right' },
      { header: 'TO' },
      { header: 'SUBJECT' },
      { header: 'CREATED' },
      { header: 'DELIVERY', tone: (c) => (c === 'failed' ? 'red' : c === 'sent' ? 'green' : undefined) },
    ],
    rows: items.map((m) => [String(m.id), m.to, m.subject, shortDate(m.createdAt), m.delivery]),
    footer: `${items.length} most recent message(s); add --show-body to read them`,
    empty,
  };
}

function listCommand(): Command {
  return withJson(new Command('list'))
    .description('List the most recent messages of the mail outbox, newest first')
    .addOption(new Option('--limit <n>', 'how many messages, 1 to 1000').argParser(parseInteger(1, 1000)).default(20))
    .option('--show-body', 'include the message bodies (they contain sign-in links and codes)')
    .action(async (options: OutputOptions & { limit: number; showBody?: boolean }, command: Command) => {
      const rows = await withApp(openOptions(command), (app) => listOutbox(app.db, options.limit));
      const items = rows.map((r): MailItem => ({
        id: r.id,
        to: r.to,
        subject: r.subject,
        createdAt: r.createdAt,
        delivery: deliveryOf(r),
        error: r.error,
        ...(options.showBody ? { body: r.text } : {}),
      }));
      await present(options, items, mailView(items, Boolean(options.showBody)));
    });
}

/** `mail show <id>`: one message with its body, as the admin console's mail detail shows it. */
function showCommand(): Command {
  return withJson(new Command('show'))
    .description('Show one message of the mail outbox with its body (null once SMTP delivered it: only the envelope is kept)')
    .argument('<id>', 'message id, from "mail list"', parseId)
    .action(async (id: number, options: OutputOptions, command: Command) => {
      const mail = await withApp(openOptions(command), async (app) => {
        const found = await findOutboxMail(app.db, id);
        if (!found) throw Boom.notFound(`No mail with id ${id}`);
        return found;
      });
      await present(options, mail, {
        kind: 'records',
        records: [
          {
            title: `#${mail.id} ${mail.subject}`,
            fields: [
              ['To', mail.to],
              ['Created', shortDate(mail.createdAt)],
              ['Sent', shortDate(mail.sentAt)],
              ['Delivery', mail.error ? `${mail.delivery}: ${mail.error}` : mail.delivery],
            ],
            body: mail.text ?? '(not kept: delivered by SMTP)',
          },
        ],
        empty: '',
      });
    });
}

export function mailCommand(): Command {
  return new Command('mail').description('The mail outbox').addCommand(listCommand()).addCommand(showCommand());
}
