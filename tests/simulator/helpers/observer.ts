/**
 * A cloud-side MQTT client that records what bridges publish, and waits for messages by predicate
 * instead of by time, so the tests hold on a slow machine.
 */
import mqtt, { type MqttClient } from 'mqtt';

export interface Message {
  topic: string;
  payload: any;
  retain: boolean;
}

export interface Observer {
  readonly client: MqttClient;
  readonly messages: Message[];
  /** Resolves with the first message (already received or to come) that matches. */
  next(topic: string, matches?: (payload: any) => boolean, timeoutMs?: number): Promise<any>;
  /** Waits until `count` messages on `topic` have been received and returns them. */
  collect(topic: string, count: number, timeoutMs?: number): Promise<any[]>;
  /** Waits until what was received so far satisfies `condition`. */
  until(condition: (messages: Message[]) => boolean, what: string, timeoutMs?: number): Promise<void>;
  /** Forgets what was received so far. */
  clear(): void;
  send(topic: string, payload: unknown): Promise<void>;
  close(): Promise<void>;
}

/**
 * `persistent` keeps a session on the broker (clean session off), so that what bridges publish
 * while the observer is cut off is queued and delivered when it is back, as for the server.
 */
export async function observe(url: string, topics: string[], { persistent = false } = {}): Promise<Observer> {
  const client = await mqtt.connectAsync(url, {
    clientId: `observer-${Math.random().toString(16).slice(2)}`,
    protocolVersion: 4,
    clean: !persistent,
    reconnectPeriod: 50,
  });
  const messages: Message[] = [];
  const waiters = new Set<() => void>();
  client.on('message', (topic, payload, packet) => {
    messages.push({ topic, payload: JSON.parse(payload.toString()), retain: packet.retain });
    for (const waiter of waiters) waiter();
  });
  await client.subscribeAsync(topics, { qos: 1 });

  const waitFor = <T>(find: () => T | undefined, what: string, timeoutMs: number): Promise<T> =>
    new Promise((resolve, reject) => {
      const check = () => {
        const found = find();
        if (found === undefined) return;
        waiters.delete(check);
        clearTimeout(timer);
        resolve(found);
      };
      const timer = setTimeout(() => {
        waiters.delete(check);
        reject(new Error(`Timed out waiting for ${what}`));
      }, timeoutMs);
      waiters.add(check);
      check();
    });

  return {
    client,
    messages,
    next: (topic, matches = () => true, timeoutMs = 5000) =>
      waitFor(() => messages.find((message) => message.topic === topic && matches(message.payload))?.payload, `a message on ${topic}`, timeoutMs),
    collect: (topic, count, timeoutMs = 5000) =>
      waitFor(
        () => {
          const found = messages.filter((message) => message.topic === topic).map((message) => message.payload);
          return found.length >= count ? found : undefined;
        },
        `${count} messages on ${topic}`,
        timeoutMs,
      ),
    until: (condition, what, timeoutMs = 5000) => waitFor(() => (condition(messages) ? true : undefined), what, timeoutMs).then(() => undefined),
    clear: () => void messages.splice(0),
    send: async (topic, payload) => {
      await client.publishAsync(topic, JSON.stringify(payload), { qos: 1 });
    },
    close: () => client.endAsync(true),
  };
}
