/**
 * The broker's message emitter (Aedes' `mq`, which carries every PUBLISH to the subscribers):
 * mqemitter on a single node, mqemitter-redis in a cluster (cluster.ts). Either way a message the
 * broker consumed itself (hooks.ts routes it to CONSUMED) is answered at once and never enters the
 * emitter: it is for nobody, and inside it would wait in the emitter's queue behind deliveries to
 * slow bridges, holding back every bridge's PUBACK. Worse, mqemitter works its queue off
 * recursively, one stack frame per waiting message that completes at once, as consumed ones do:
 * ten thousand bridges reconnecting at once queued enough of them to overflow the stack and end
 * the process (docs/performance.md, "10,000 bridges"; mcollina/mqemitter#204 is still open).
 */
import mqemitter from 'mqemitter';

export interface Emitter {
  emit(message: { topic: string }, done?: (error?: Error) => void): void;
  close(done: () => void): void;
}

/** Deliveries in progress at once (Aedes' default); more wait in the emitter's queue. */
const CONCURRENCY = 100;

/** The emitter of a broker on its own. */
export function localEmitter(consumedTopic: string): Emitter {
  return answeringConsumed(mqemitter({ concurrency: CONCURRENCY, matchEmptyLevels: true }) as unknown as Emitter, consumedTopic);
}

/** The emitter, with the broker's own consumed messages answered without it. */
export function answeringConsumed<E extends Emitter>(mq: E, consumedTopic: string): E {
  const emit = mq.emit.bind(mq);
  mq.emit = (message, done) => (message.topic === consumedTopic ? process.nextTick(() => done?.()) : emit(message, done));
  return mq;
}
