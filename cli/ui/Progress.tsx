import { Box, Text } from 'ink';

export interface ProgressProps {
  title: string;
  done: number;
  total: number;
  /** What is being worked on, or what finished last. */
  current?: string;
}

const BAR_WIDTH = 30;

export function Progress({ title, done, total, current }: ProgressProps) {
  const filled = total ? Math.round((done / total) * BAR_WIDTH) : BAR_WIDTH;
  return (
    <Box flexDirection="column">
      <Text>
        {title} <Text color="green">{'█'.repeat(filled)}</Text>
        <Text dimColor>{'░'.repeat(BAR_WIDTH - filled)}</Text> {done}/{total}
      </Text>
      {current ? <Text dimColor>{current}</Text> : null}
    </Box>
  );
}
