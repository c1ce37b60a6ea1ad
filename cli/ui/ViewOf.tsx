import { Text, Box } from 'ink';
import { Records } from './Records.js';
import { Table } from './Table.js';
import type { View } from './view.js';

/** The Ink component for a command's view. */
export function ViewOf({ view }: { view: View }) {
  if (view.kind === 'table') return <Table view={view} />;
  if (view.kind === 'records') return <Records view={view} />;
  return (
    <Box flexDirection="column">
      {view.lines.map((line, i) => (
        <Text key={i}>{line}</Text>
      ))}
    </Box>
  );
}
