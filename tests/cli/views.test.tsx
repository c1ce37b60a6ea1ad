/**
 * The Ink views an operator sees on a terminal (the child-process tests only see pipes).
 */
import { renderToString } from 'ink';
import { describe, expect, it } from 'vitest';
import { Progress } from '../../cli/ui/Progress.js';
import { ViewOf } from '../../cli/ui/ViewOf.js';
import type { TableView } from '../../cli/ui/view.js';

// eslint-disable-next-line no-control-regex
const plain = (s: string) => s.replace(/\x1b\[[0-9;]*m/g, '');

const users: TableView = {
  kind: 'table',
  columns: [{ header: 'ID', align: 'right' }, { header: 'E-MAIL' }, { header: 'STATUS' }],
  rows: [
    ['1', 'skipper@example.com', 'active'],
    ['12', 'crew@example.com', 'pending'],
  ],
  footer: 'users 1–2 of 2',
  empty: 'No users match.',
};

describe('terminal views', () => {
  it('draws a table with aligned columns and the footer', () => {
    const lines = plain(renderToString(<ViewOf view={users} />, { columns: 100 })).split('\n');
    expect(lines[0]).toMatch(/^ID\s+E-MAIL\s+STATUS/);
    expect(lines[1]).toMatch(/^ 1\s+skipper@example\.com\s+active/);
    expect(lines[2]).toMatch(/^12\s+crew@example\.com\s+pending/);
    expect(lines[0].indexOf('STATUS')).toBe(lines[2].indexOf('pending'));
    expect(lines[3]).toBe('users 1–2 of 2');
  });

  it('says the list is empty instead of drawing a header alone', () => {
    expect(plain(renderToString(<ViewOf view={{ ...users, rows: [] }} />))).toBe('No users match.');
  });

  it('keeps each row on one line in a narrow terminal', () => {
    const lines = plain(renderToString(<ViewOf view={users} />, { columns: 30 })).split('\n');
    expect(lines).toHaveLength(4);
  });

  it('shows a mail with its body', () => {
    const out = plain(
      renderToString(
        <ViewOf
          view={{ kind: 'records', records: [{ title: '#1 Welcome', fields: [['To', 'crew@example.com']], body: 'Choose your password' }], empty: '' }}
        />,
        { columns: 80 },
      ),
    );
    expect(out).toMatch(/#1 Welcome/);
    expect(out).toMatch(/To:\s+crew@example\.com/);
    expect(out).toMatch(/Choose your password/);
  });

  it('draws migration progress as a bar with a count', () => {
    const out = plain(renderToString(<Progress title="Migrating" done={3} total={6} current="20261122100200_auth.js" />));
    expect(out).toMatch(/^Migrating █{15}░{15} 3\/6/);
    expect(out).toMatch(/20261122100200_auth\.js/);
  });
});
