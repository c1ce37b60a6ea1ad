import { Box, Text } from 'ink';
import { columnWidths, type TableView } from './view.js';

export function Table({ view }: { view: TableView }) {
  if (!view.rows.length) return <Text dimColor>{view.empty}</Text>;
  const widths = columnWidths(view);
  const cell = (text: string, i: number, header: boolean) => {
    const column = view.columns[i];
    return (
      <Box key={i} width={widths[i] + 2} flexShrink={i === 0 ? 0 : 1} justifyContent={column.align === 'right' ? 'flex-end' : 'flex-start'} paddingRight={2}>
        <Text bold={header} color={header ? undefined : column.tone?.(text)} wrap="truncate-end">
          {text}
        </Text>
      </Box>
    );
  };
  return (
    <Box flexDirection="column">
      <Box>{view.columns.map((c, i) => cell(c.header, i, true))}</Box>
      {view.rows.map((row, r) => (
        <Box key={r}>{row.map((text, i) => cell(text, i, false))}</Box>
      ))}
      {view.footer ? <Text dimColor>{view.footer}</Text> : null}
    </Box>
  );
}
