/**
 * Ink on a terminal: a command's view drawn once, or a progress bar redrawn as work goes on.
 */
import { render } from 'ink';
import { Progress } from './Progress.js';
import { ViewOf } from './ViewOf.js';
import type { View } from './view.js';

export async function draw(view: View): Promise<void> {
  const ink = render(<ViewOf view={view} />, { patchConsole: false });
  ink.unmount();
  await ink.waitUntilExit();
}

export function drawProgress(title: string, total: number) {
  let done = 0;
  const ink = render(<Progress title={title} done={0} total={total} />, { patchConsole: false });
  return {
    step(current: string): void {
      done += 1;
      ink.rerender(<Progress title={title} done={done} total={total} current={current} />);
    },
    set(now: number, current: string): void {
      done = now;
      ink.rerender(<Progress title={title} done={done} total={total} current={current} />);
    },
    async finish(): Promise<void> {
      ink.unmount();
      await ink.waitUntilExit();
    },
  };
}
