/** A live stream opened over real HTTP as a browser's EventSource would, for tests. */
import { expect } from 'vitest';
import type { TestServer } from '../helpers/server.js';

export interface LiveEvent {
  event: string;
  data: any;
}

export interface Live {
  events: LiveEvent[];
  comments: string[];
  /** The next event of this kind (or already received and not yet taken). */
  next(event: string): Promise<LiveEvent['data']>;
  ended: Promise<void>;
  close(): void;
}

export function openLive(server: TestServer, vesselId: number, token: string): Promise<Live> {
  return openLiveAt(`http://127.0.0.1:${server.server.info.port}`, vesselId, token);
}

/** The same, on a server known by its address only (a server process). */
export function openLiveAt(baseUrl: string, vesselId: number, token: string): Promise<Live> {
  return openEventStream(`${baseUrl}/api/vessel/${vesselId}/live`, { authorization: `Bearer ${token}` });
}

/** Any server-sent event stream at `url`: with a session key in `headers`, or a link key in the query. */
export async function openEventStream(url: string, headers: Record<string, string> = {}): Promise<Live> {
  const controller = new AbortController();
  const res = await fetch(url, { headers, signal: controller.signal });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toContain('text/event-stream');
  const events: LiveEvent[] = [];
  const comments: string[] = [];
  const taken = new Set<LiveEvent>();
  let notify = () => {};
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  const ended = (async () => {
    let buffer = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buffer += decoder.decode(value, { stream: true });
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          if (block.startsWith(':')) comments.push(block.slice(1).trim());
          const event = /^event: (.+)$/m.exec(block)?.[1];
          const data = /^data: (.+)$/m.exec(block)?.[1];
          if (event && data) events.push({ event, data: JSON.parse(data) });
          notify();
        }
      }
    } catch {
      // aborted by the test
    }
  })();
  const next = async (event: string) => {
    for (;;) {
      const found = events.find((e) => e.event === event && !taken.has(e));
      if (found) {
        taken.add(found);
        return found.data;
      }
      await new Promise<void>((resolve) => (notify = resolve));
    }
  };
  return { events, comments, next, ended, close: () => controller.abort() };
}
