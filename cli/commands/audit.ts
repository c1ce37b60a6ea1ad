/**
 * `audit`: the audit trail of API calls and CLI actions, newest first.
 */
import { Command } from 'commander';
import { pageAudit, ROUTINE_AUDIT_ACTIONS, type AuditRow } from '../../src/platform/audit.js';
import { openOptions, withApp } from '../app.js';
import { parseId, parseText, withJson, withPaging, type OutputOptions, type PageOptions } from '../options.js';
import { morePagesNote, present } from '../output.js';
import { NONE, pageFooter, type TableView } from '../ui/view.js';

function auditTable(rows: AuditRow[], footer: string): TableView {
  return {
    kind: 'table',
    columns: [
      { header: 'AT' },
      { header: 'ACTOR' },
      { header: 'ACTION' },
      { header: 'TARGET' },
      { header: 'VESSEL', align: 'right' },
      { header: 'OUTCOME', align: 'right', tone: (c) => (Number(c) >= 400 ? 'red' : 'green') },
    ],
    rows: rows.map((r) => [
      r.at.replace('T', ' ').slice(0, 19),
      r.actorEmail ?? (r.actorId === null ? NONE : `#${r.actorId}`),
      r.action,
      r.targetType ? `${r.targetType} ${r.targetId ?? ''}`.trim() : NONE,
      r.vesselId == null ? NONE : String(r.vesselId),
      String(r.outcome),
    ]),
    footer,
    empty: 'No audit records match.',
  };
}

function listCommand(): Command {
  return withPaging(withJson(new Command('list')))
    .description('List audit records, newest first')
    .option('--actor <id>', 'only what this user (id) did', parseId)
    .option('--action <text>', 'only this action, exactly, e.g. "CLI users create" or "POST /api/admin/users"')
    .option('--vessel <id>', 'only records about this vessel (id)', parseId)
    .option('--search <text>', 'the action or the actor’s e-mail address contains the text', parseText(200))
    .option('--no-routine', `leave out the calls every open app makes by itself (${ROUTINE_AUDIT_ACTIONS.join(', ')})`)
    .action(
      async (
        options: OutputOptions & PageOptions & { actor?: number; action?: string; vessel?: number; search?: string; routine: boolean },
        command: Command,
      ) => {
        const filter = {
          actorId: options.actor,
          action: options.action,
          vesselId: options.vessel,
          q: options.search,
          ...(options.routine ? {} : { routine: false }),
        };
        const result = await withApp(openOptions(command), (app) => pageAudit(app.db, { page: options.page, size: options.size, filter }));
        morePagesNote(options.json, 'records', options.page, options.size, result.content.length, result.totalElements);
        await present(
          options,
          result.content,
          auditTable(result.content, pageFooter('records', options.page, options.size, result.content.length, result.totalElements)),
        );
      },
    );
}

/** `audit`, and `logs` under the API's name (admin/logs is the same trail). */
export function auditCommand(name = 'audit'): Command {
  return new Command(name)
    .description(name === 'logs' ? 'The system logs: the audit trail of API calls and CLI actions' : 'The audit trail')
    .addCommand(listCommand())
    .addHelpText(
      'after',
      `\nExamples:\n  vessel-link ${name} list --actor 1\n  vessel-link ${name} list --action "POST /api/admin/users" --json\n  vessel-link ${name} list --no-routine --search admin@example.com`,
    );
}
