/**
 * The plain rendering for pipes and files: an aligned table (header and rows on stdout, the
 * footer on stderr so `awk`/`grep` see only rows), or key: value blocks.
 */
import { columnWidths, type View } from './view.js';

export interface PlainText {
  stdout: string;
  stderr: string;
}

export function formatPlain(view: View): PlainText {
  if (view.kind === 'message') return { stdout: view.lines.map((l) => l + '\n').join(''), stderr: '' };
  if (view.kind === 'records') {
    if (!view.records.length) return { stdout: '', stderr: view.empty + '\n' };
    const blocks = view.records.map((r) => {
      const width = Math.max(...r.fields.map(([k]) => k.length));
      const fields = r.fields.map(([k, v]) => `  ${(k + ':').padEnd(width + 1)} ${v}`);
      const body = r.body === undefined ? [] : ['', ...r.body.split('\n').map((l) => (l ? `  ${l}` : ''))];
      return [r.title, ...fields, ...body].join('\n') + '\n';
    });
    return { stdout: blocks.join('\n'), stderr: '' };
  }
  if (!view.rows.length) return { stdout: '', stderr: view.empty + '\n' };
  const widths = columnWidths(view);
  const line = (cells: string[]) =>
    cells.map((cell, i) => (view.columns[i].align === 'right' ? cell.padStart(widths[i]) : i === cells.length - 1 ? cell : cell.padEnd(widths[i]))).join('  ') +
    '\n';
  return {
    stdout: line(view.columns.map((c) => c.header)) + view.rows.map(line).join(''),
    stderr: view.footer ? view.footer + '\n' : '',
  };
}
