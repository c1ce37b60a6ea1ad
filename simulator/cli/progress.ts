/**
 * The once-a-second report of a running simulator: a progress line on stderr for people, or a JSON
 * object per line on stdout for scripts (`--json`), and a last one when it stops.
 */
export interface Progress {
  bridges: number;
  connected: number;
  messagesSent: number;
  deltasSent: number;
  buffered: number;
  dropped: number;
  reconnects: number;
  /** Deltas replayed from a log, when replaying. */
  replayed?: number;
}

export interface ProgressReporter {
  /** Prints the final report and stops reporting. */
  finish(): void;
}

const INTERVAL_MS = 1000;
const count = (value: number): string => value.toLocaleString('en-US');

function line(progress: Progress, perSecond: number): string {
  const parts = [
    `${count(progress.connected)}/${count(progress.bridges)} connected`,
    `${count(progress.messagesSent)} messages sent (${count(Math.round(perSecond))}/s)`,
    `${count(progress.buffered)} buffered`,
    `${count(progress.dropped)} dropped`,
    `${count(progress.reconnects)} reconnects`,
  ];
  if (progress.replayed !== undefined) parts.push(`${count(progress.replayed)} replayed`);
  return `sim: ${parts.join(', ')}`;
}

export function reportProgress(read: () => Progress, json: boolean): ProgressReporter {
  let last = { at: Date.now(), messagesSent: 0 };
  const report = (event: 'progress' | 'stopped') => {
    const progress = read();
    const now = Date.now();
    const perSecond = ((progress.messagesSent - last.messagesSent) * 1000) / Math.max(1, now - last.at);
    last = { at: now, messagesSent: progress.messagesSent };
    if (json) process.stdout.write(`${JSON.stringify({ event, at: new Date(now).toISOString(), ...progress, messagesPerSecond: Math.round(perSecond) })}\n`);
    else process.stderr.write(`${line(progress, perSecond)}${event === 'stopped' ? ' (stopped)' : ''}\n`);
  };
  const timer = setInterval(() => report('progress'), INTERVAL_MS);
  return {
    finish() {
      clearInterval(timer);
      report('stopped');
    },
  };
}
