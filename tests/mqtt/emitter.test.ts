/**
 * The broker's message emitter (src/mqtt/emitter.ts): what bridges publish is consumed by the
 * server, and must be answered (so PUBACKed) even while deliveries to slow bridges fill the
 * emitter, without the backlog that once overflowed the stack in a reconnect storm.
 */
import type { MQEmitter } from 'mqemitter';
import { describe, expect, it } from 'vitest';
import { localEmitter } from '../../src/mqtt/emitter.js';
import { CONSUMED } from '../../src/mqtt/hooks.js';

describe('the broker’s message emitter', () => {
  it('answers consumed messages at once while slow deliveries fill it, and lets those finish later', async () => {
    const mq = localEmitter(CONSUMED);
    const held: Array<() => void> = [];
    // A hundred deliveries (the emitter's concurrency) to a bridge whose socket does not drain.
    (mq as unknown as MQEmitter).on('bridges/SLOW/admin', (_message, done) => void held.push(done));
    let delivered = 0;
    for (let i = 0; i < 150; i++) mq.emit({ topic: 'bridges/SLOW/admin' }, () => delivered++);
    expect(held).toHaveLength(100);

    let answered = 0;
    for (let i = 0; i < 50_000; i++) mq.emit({ topic: CONSUMED }, () => answered++);
    await new Promise((resolve) => setImmediate(resolve));
    expect(answered).toBe(50_000);

    // The slow bridge drains: its waiting deliveries go on, one after the other.
    while (held.length) held.shift()!();
    expect(delivered).toBe(150);
  });
});
