/**
 * What `vessel-link-bridge status` shows (docs/bridge-agent.md, "Status"): the running agent writes
 * `status.json` into its queue directory on every change of its link, and once a second while its
 * queue or its deliveries change. A file rather than a port: nothing to listen on or to secure, it
 * is where the agent already writes, and the agent's process id in it tells a running agent from
 * one that stopped (or crashed) and left its last status behind.
 */
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { LinkState } from './client/connection';

export interface AgentStatus {
  pid: number;
  serial: string;
  version: string;
  /** The broker's host and port (no credentials). */
  broker: string;
  updatedAt: string;
  link: LinkState;
  queue: { deltas: number; bytes: number; dropped: number };
  deltasSent: number;
  /** When the broker last acknowledged a delta. */
  lastDelivery?: string;
}

export const STATUS_FILE = 'status.json';

/** Written to a temporary file and renamed, so that a reader never sees half a status. */
export function writeStatus(directory: string, status: AgentStatus): void {
  const file = join(directory, STATUS_FILE);
  writeFileSync(`${file}.tmp`, `${JSON.stringify(status, null, 2)}\n`);
  renameSync(`${file}.tmp`, file);
}

/** The last status an agent wrote there, or undefined when none did. */
export function readStatus(directory: string): AgentStatus | undefined {
  try {
    return JSON.parse(readFileSync(join(directory, STATUS_FILE), 'utf8')) as AgentStatus;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/** Whether the process that wrote a status still runs (signal 0 checks without signalling). */
export function isRunning(status: AgentStatus): boolean {
  if (status.link.state === 'stopped') return false;
  try {
    process.kill(status.pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, as another user (the service's).
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

const seconds = (ms: number) => `${(Math.max(0, ms) / 1000).toFixed(1)} s`;
const ago = (iso: string, nowMs: number) => `${iso} (${seconds(nowMs - Date.parse(iso))} ago)`;

/** The status for people, one fact a line. */
export function describeStatus(status: AgentStatus, running: boolean, nowMs: number): string[] {
  const { link, queue } = status;
  const lines = [
    running ? `agent: running (pid ${status.pid}), bridge ${status.serial}, version ${status.version}` : `agent: not running (last status ${status.updatedAt})`,
  ];
  if (!running) lines.push('link: none (the agent is not running)');
  else if (link.state === 'connected') lines.push(`link: connected to ${status.broker} since ${link.since}`);
  else if (link.state === 'waiting') {
    const attempts = `${link.failures} failed attempt${link.failures === 1 ? '' : 's'}`;
    const next = link.nextAttemptAt ? `; next attempt in ${seconds(Date.parse(link.nextAttemptAt) - nowMs)} (waits ${seconds(link.nextAttemptMs ?? 0)})` : '';
    lines.push(`link: down since ${link.since}, ${attempts} (${link.lastError})${next}`);
  } else lines.push(`link: ${link.state === 'connecting' ? `connecting to ${status.broker}` : link.state}`);
  lines.push(`queue: ${queue.deltas} deltas waiting (${(queue.bytes / 1024).toFixed(1)} KiB), ${queue.dropped} dropped`);
  lines.push(`last delivery: ${status.lastDelivery ? ago(status.lastDelivery, nowMs) : 'none yet'}`);
  return lines;
}
