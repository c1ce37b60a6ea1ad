import { describe, expect, it } from 'vitest';
import type { BridgeIdentity } from '../../src/mqtt/routing.js';
import { type Traffic, MessageTally } from '../../src/mqtt/tally.js';

/** A tally whose hand-over comes when the test says so. */
function tallied() {
  const pending: Array<() => void> = [];
  const handed: Array<{ traffic: Map<BridgeIdentity, Traffic>; lagsMs: number[] }> = [];
  const tally = new MessageTally(
    (traffic, lagsMs) => handed.push({ traffic: new Map(traffic), lagsMs: [...lagsMs] }),
    (work) => pending.push(work),
  );
  const handOver = () => pending.splice(0).forEach((work) => work());
  return { tally, handed, pending, handOver };
}

const bridge = (id: number): BridgeIdentity => ({ id, serial: `BR-${id}` });

describe('the broker tally', () => {
  it('hands on each bridge’s messages, bytes and refusals, and every lag in order, once', () => {
    const { tally, handed, pending, handOver } = tallied();
    const a = bridge(1);
    const b = bridge(2);
    tally.message(a, 100, false);
    tally.message(a, 50, true);
    tally.message(b, 7, false);
    tally.acknowledged(3);
    tally.acknowledged(1);
    expect(pending).toHaveLength(1);
    expect(handed).toEqual([]);
    handOver();
    expect(handed).toEqual([
      {
        traffic: new Map([
          [a, { messages: 2, bytes: 150, rejected: 1 }],
          [b, { messages: 1, bytes: 7, rejected: 0 }],
        ]),
        lagsMs: [3, 1],
      },
    ]);
  });

  it('starts afresh after each hand-over and hands on nothing when nothing was counted', () => {
    const { tally, handed, handOver } = tallied();
    tally.message(bridge(1), 10, false);
    handOver();
    tally.acknowledged(5);
    handOver();
    tally.handOn();
    expect(handed.map((h) => [[...h.traffic.values()], h.lagsMs])).toEqual([
      [[{ messages: 1, bytes: 10, rejected: 0 }], []],
      [[], [5]],
    ]);
  });
});
