/**
 * FrameGuard's held output: what the broker writes after a hold (the PUBACKs of messages being
 * committed) reaches the socket only once that hold and every earlier one is released, in the
 * order it was written; a graceful close waits for it; a closed connection never sends it.
 */
import { Duplex } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { FrameGuard } from '../../src/mqtt/frame-guard.js';

/** A socket stand-in: what the guard writes to it collects in `sent`. */
function socket(): { inner: Duplex; sent: () => string; bytes: () => Buffer; writes: () => number; ended: () => boolean } {
  const chunks: Buffer[] = [];
  let ended = false;
  const inner = new Duplex({
    read() {},
    write(chunk: Buffer, _encoding, callback) {
      chunks.push(chunk);
      callback();
    },
    final(callback) {
      ended = true;
      callback();
    },
  });
  return { inner, sent: () => Buffer.concat(chunks).toString(), bytes: () => Buffer.concat(chunks), writes: () => chunks.length, ended: () => ended };
}

describe('FrameGuard holds', () => {
  it('sends what was written after a hold only once it and every earlier hold are released, in order', async () => {
    const s = socket();
    const guard = new FrameGuard(s.inner);
    guard.write('a');
    const first = guard.hold();
    guard.write('b');
    const second = guard.hold();
    guard.write('c');
    await expect.poll(() => s.sent()).toBe('a');

    second();
    await new Promise((resolve) => setImmediate(resolve));
    expect(s.sent()).toBe('a');

    first();
    await expect.poll(() => s.sent()).toBe('abc');
    guard.write('d');
    await expect.poll(() => s.sent()).toBe('abcd');
  });

  it('sends what holds released together free in one write', async () => {
    const s = socket();
    const guard = new FrameGuard(s.inner);
    const releases = ['a', 'b', 'c', 'd'].map((puback) => {
      const release = guard.hold();
      guard.write(puback);
      return release;
    });
    for (const release of releases) release();
    await expect.poll(() => s.sent()).toBe('abcd');
    expect(s.writes()).toBe(1);
  });

  it("sends a hold's own PUBACK in the hold's place once it is released", async () => {
    const s = socket();
    const guard = new FrameGuard(s.inner);
    const first = guard.hold(1);
    guard.write('x');
    const second = guard.hold(0x1234);
    second();
    await new Promise((resolve) => setImmediate(resolve));
    expect(s.bytes().length).toBe(0);

    first();
    // PUBACK (MQTT 3.1.1 §3.4): type 4 and Remaining Length 2, then the message id, big-endian.
    await expect.poll(() => s.bytes().toString('hex')).toBe(`40020001${Buffer.from('x').toString('hex')}40021234`);
    expect(s.writes()).toBe(1);
  });

  it('ends the connection gracefully only after the held output went out', async () => {
    const s = socket();
    const guard = new FrameGuard(s.inner);
    const release = guard.hold();
    guard.write('puback');
    guard.closeGracefully();
    await new Promise((resolve) => setImmediate(resolve));
    expect(s.ended()).toBe(false);
    expect(s.sent()).toBe('');

    release();
    await expect.poll(() => s.ended()).toBe(true);
    expect(s.sent()).toBe('puback');
  });

  it('never sends held output once the connection is destroyed', async () => {
    const s = socket();
    const guard = new FrameGuard(s.inner);
    const release = guard.hold();
    guard.write('puback');
    guard.destroy();
    release();
    await new Promise((resolve) => setImmediate(resolve));
    expect(s.sent()).toBe('');
  });
});
