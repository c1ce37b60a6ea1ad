/**
 * A stream on a link key (web/src/features/links/linkedEventSource.ts): opened on the link it is
 * given, opened again with a new key once the server refuses the old one, but only once until a
 * connection opens; asked again later when the server could not be reached; never when refused.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../web/src/lib/api';
import { openLinkedEventSource } from '../../web/src/features/links/linkedEventSource';
import type { Network } from '../../web/src/features/offline/useOnline';

/** A network the test switches on and off, as the browser's online/offline events would. */
function fakeNetwork(online = true): Network & { set: (online: boolean) => void } {
  const listeners = new Set<() => void>();
  return {
    isOnline: () => online,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    set(value) {
      online = value;
      listeners.forEach((listener) => listener());
    },
  };
}

class FakeEventSource extends EventTarget {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static made: FakeEventSource[] = [];
  readyState = FakeEventSource.CONNECTING;
  closed = false;
  constructor(readonly url: string) {
    super();
    FakeEventSource.made.push(this);
  }
  /** The server answered: a stream, or a refusal (the browser gives up: CLOSED). */
  answer(ok: boolean): void {
    this.readyState = ok ? FakeEventSource.OPEN : FakeEventSource.CLOSED;
    this.dispatchEvent(new Event(ok ? 'open' : 'error'));
  }
  close(): void {
    this.closed = true;
    this.readyState = FakeEventSource.CLOSED;
  }
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

beforeEach(() => {
  FakeEventSource.made = [];
  vi.stubGlobal('EventSource', FakeEventSource);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('a stream on a link key', () => {
  it('opens again with a new key once the old one is refused, once until a connection opens', async () => {
    const asked: boolean[] = [];
    const attached: string[] = [];
    const stop = openLinkedEventSource(
      async (fresh) => {
        asked.push(fresh);
        return `/api/messages/live?linkKey=${asked.length}`;
      },
      (source) => attached.push(source.url),
    );
    await settle();
    FakeEventSource.made[0].answer(true);
    FakeEventSource.made[0].answer(false);
    await settle();
    expect(attached).toEqual(['/api/messages/live?linkKey=1', '/api/messages/live?linkKey=2']);
    // Refused again before any connection opened: it stays closed.
    FakeEventSource.made[1].answer(false);
    await settle();
    expect(asked).toEqual([false, true]);
    stop();
    expect(FakeEventSource.made[1].closed).toBe(true);
  });

  it('asks for the link again later when the server could not be reached, never when it refused', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    let calls = 0;
    openLinkedEventSource(
      async () => {
        calls++;
        if (calls === 1) throw new ApiError(null, 'No response from the server', 'POST auth/linkKeys');
        return '/api/vessel/1/live?linkKey=k';
      },
      () => undefined,
    );
    await vi.advanceTimersByTimeAsync(0);
    expect(FakeEventSource.made).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(5000);
    expect(FakeEventSource.made.map((s) => s.url)).toEqual(['/api/vessel/1/live?linkKey=k']);

    let refused = 0;
    openLinkedEventSource(
      async () => {
        refused++;
        throw new ApiError(418, 'Not subscribed', 'POST auth/linkKeys');
      },
      () => undefined,
    );
    await vi.advanceTimersByTimeAsync(60_000);
    expect(refused).toBe(1);
  });

  it('closes while the browser is offline, asks nothing meanwhile, and opens again when the network is back', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    const network = fakeNetwork();
    let asked = 0;
    const stop = openLinkedEventSource(
      async () => `/api/vessel/1/live?linkKey=${++asked}`,
      () => undefined,
      network,
    );
    await vi.advanceTimersByTimeAsync(0);
    FakeEventSource.made[0].answer(true);
    network.set(false);
    expect(FakeEventSource.made[0].closed).toBe(true);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(FakeEventSource.made).toHaveLength(1);
    expect(asked).toBe(1);
    network.set(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(FakeEventSource.made.map((source) => source.url)).toEqual(['/api/vessel/1/live?linkKey=1', '/api/vessel/1/live?linkKey=2']);
    stop();
    expect(FakeEventSource.made[1].closed).toBe(true);
  });

  it('opens nothing while started offline, nor for a link answered after the network went away', async () => {
    const offline = fakeNetwork(false);
    openLinkedEventSource(
      async () => '/api/messages/live?linkKey=a',
      () => undefined,
      offline,
    );
    await settle();
    expect(FakeEventSource.made).toHaveLength(0);

    const network = fakeNetwork();
    let answer: (url: string) => void = () => undefined;
    openLinkedEventSource(
      () => new Promise<string>((resolve) => (answer = resolve)),
      () => undefined,
      network,
    );
    network.set(false);
    answer('/api/messages/live?linkKey=late');
    await settle();
    expect(FakeEventSource.made).toHaveLength(0);
  });
});
