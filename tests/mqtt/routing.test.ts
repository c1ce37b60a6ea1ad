/**
 * The order a connection's messages are handled in (src/mqtt/routing.ts): an ordered topic's
 * messages one after the other, an unordered topic's all at once, and values sent behind an
 * inventory only once that inventory is stored.
 */
import { describe, expect, it } from 'vitest';
import type { BridgePublishTopic } from '../../src/mqtt/protocol.js';
import { type BridgeMessage, Routes, type Tails } from '../../src/mqtt/routing.js';

const bridge = { id: 1, serial: 'BR-ROUTES' };
const message = (leaf: BridgePublishTopic, text: string): BridgeMessage => ({
  bridge,
  leaf,
  payload: Buffer.from(text),
  qos: 1,
  messageId: 1,
  dup: false,
  receivedAt: new Date(0),
});

/** A handler whose messages are stored only when the test says so. */
function heldHandler(log: string[]) {
  const pending = new Map<string, () => void>();
  return {
    handler: (m: BridgeMessage) => {
      const text = m.payload.toString();
      log.push(`start ${text}`);
      return new Promise<void>((resolve) => pending.set(text, resolve));
    },
    store: async (text: string) => {
      const resolve = pending.get(text);
      if (!resolve) throw new Error(`${text} was not handed to its handler`);
      resolve();
      await new Promise((next) => setImmediate(next));
    },
  };
}

function routes(log: string[]) {
  const inventories = heldHandler(log);
  const deltas = heldHandler(log);
  const r = new Routes();
  r.add('devices', inventories.handler, { ordered: true });
  r.add('delta', deltas.handler, { ordered: false, after: 'devices' });
  return { r, inventories, deltas };
}

describe('message order on one connection', () => {
  it('hands deltas over at once when no inventory is being stored', async () => {
    const log: string[] = [];
    const { r } = routes(log);
    const tails: Tails = new Map();
    void r.dispatch(tails, message('delta', 'd1'));
    void r.dispatch(tails, message('delta', 'd2'));
    expect(log).toEqual(['start d1', 'start d2']);
  });

  it('stores one inventory after the other', async () => {
    const log: string[] = [];
    const { r, inventories } = routes(log);
    const tails: Tails = new Map();
    void r.dispatch(tails, message('devices', 'i1'));
    void r.dispatch(tails, message('devices', 'i2'));
    await new Promise((next) => setImmediate(next));
    expect(log).toEqual(['start i1']);
    await inventories.store('i1');
    expect(log).toEqual(['start i1', 'start i2']);
  });

  it('holds the deltas sent behind an inventory until it is stored, and only those', async () => {
    const log: string[] = [];
    const { r, inventories, deltas } = routes(log);
    const tails: Tails = new Map();
    void r.dispatch(tails, message('delta', 'd0'));
    void r.dispatch(tails, message('devices', 'i1'));
    void r.dispatch(tails, message('delta', 'd1'));
    void r.dispatch(tails, message('delta', 'd2'));
    await new Promise((next) => setImmediate(next));
    expect(log).toEqual(['start d0', 'start i1']);
    await inventories.store('i1');
    expect(log).toEqual(['start d0', 'start i1', 'start d1', 'start d2']);
    // Once it is stored, nothing is left to wait for.
    await deltas.store('d1');
    void r.dispatch(tails, message('delta', 'd3'));
    expect(log.at(-1)).toBe('start d3');
    expect(tails.size).toBe(0);
  });

  it('hands the deltas over even when the inventory before them is refused', async () => {
    const log: string[] = [];
    const r = new Routes();
    r.add('devices', () => Promise.reject(new Error('malformed')), { ordered: true });
    r.add('delta', async (m) => void log.push(m.payload.toString()), { ordered: false, after: 'devices' });
    const tails: Tails = new Map();
    const refused = r.dispatch(tails, message('devices', 'i1'));
    const stored = r.dispatch(tails, message('delta', 'd1'));
    expect(log).toEqual([]);
    await expect(refused).rejects.toThrow('malformed');
    await stored;
    expect(log).toEqual(['d1']);
  });
});
