import { i18n } from '../../i18n';
import type { LiveStreamStatus } from './useLiveStream';

/** Values older than this no longer count as live. */
export const LIVE_WINDOW_MS = 60_000;

export interface LiveLabelInput {
  stream: LiveStreamStatus;
  /** The Connection Issue state: the server, not the vessel, cannot be reached. */
  serverUnreachable: boolean;
  /** Whether the browser has a network (false: nothing can be live, whatever the cache says). */
  browserOnline?: boolean;
  online: boolean;
  lastSeen: string | null;
  /** When the last value arrived on the stream, in ms since the epoch. */
  lastValueAt: number | null;
  now: number;
}

export type LiveTone = 'live' | 'waiting' | 'none' | 'server';

/**
 * What the "Live data" figure says. "Live" only while values arrive; a vessel that never
 * reported says so; a server that cannot be reached is never shown as the vessel being offline,
 * and a phone without a network never shows anything as live.
 */
export function liveLabel(input: LiveLabelInput): { text: string; tone: LiveTone } {
  const t = (key: string) => i18n.t(`live:label.${key}`);
  if (input.browserOnline === false || input.stream === 'offline') return { text: t('youAreOffline'), tone: 'server' };
  if (input.serverUnreachable) return { text: t('serverUnreachable'), tone: 'server' };
  if (input.stream === 'reconnecting') return { text: t('reconnecting'), tone: 'server' };
  if (input.stream === 'connecting') return { text: t('connecting'), tone: 'waiting' };
  if (input.lastValueAt !== null && input.now - input.lastValueAt <= LIVE_WINDOW_MS) return { text: t('live'), tone: 'live' };
  if (!input.lastSeen && input.lastValueAt === null) return { text: t('noData'), tone: 'none' };
  if (!input.online) return { text: t('vesselOffline'), tone: 'none' };
  return { text: t('waiting'), tone: 'waiting' };
}
