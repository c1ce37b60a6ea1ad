import { Box, Text } from 'ink';
import type { RecordsView } from './view.js';

export function Records({ view }: { view: RecordsView }) {
  if (!view.records.length) return <Text dimColor>{view.empty}</Text>;
  return (
    <Box flexDirection="column" gap={1}>
      {view.records.map((record, r) => (
        <Box key={r} flexDirection="column">
          <Text bold>{record.title}</Text>
          {record.fields.map(([key, value]) => (
            <Box key={key} paddingLeft={2}>
              <Box width={Math.max(...record.fields.map(([k]) => k.length)) + 2}>
                <Text dimColor>{key}:</Text>
              </Box>
              <Text>{value}</Text>
            </Box>
          ))}
          {record.body === undefined ? null : (
            <Box marginTop={1} marginLeft={2} paddingX={1} borderStyle="single" borderDimColor>
              <Text>{record.body}</Text>
            </Box>
          )}
        </Box>
      ))}
    </Box>
  );
}
