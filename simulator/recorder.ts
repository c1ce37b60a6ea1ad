/** Records a bridge's telemetry as a delta log (one Signal K delta per line) that `replay` can play back. */
import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import type { SignalKDelta } from '../contracts/bridge';

export interface DeltaRecorder {
  readonly recorded: number;
  record(delta: SignalKDelta): void;
  close(): Promise<void>;
}

export async function createRecorder(file: string): Promise<DeltaRecorder> {
  const output = createWriteStream(file, { flags: 'w', encoding: 'utf8' });
  // Fails here (a missing folder, no permission) rather than on the first delta.
  await once(output, 'open');
  let recorded = 0;
  return {
    get recorded() {
      return recorded;
    },
    record(delta) {
      output.write(`${JSON.stringify(delta)}\n`);
      recorded += 1;
    },
    async close() {
      output.end();
      await once(output, 'finish');
    },
  };
}
