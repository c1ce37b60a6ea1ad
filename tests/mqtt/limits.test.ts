/** The per-connection misbehaviour limits on a clock the test moves. */
import { describe, expect, it } from 'vitest';
import { DEFAULT_LIMITS, Misbehaviour } from '../../src/mqtt/limits.js';

describe('misbehaviour limits', () => {
  it('closes on the fifth refusal, however long it took', () => {
    let now = 0;
    const limits = new Misbehaviour(DEFAULT_LIMITS, () => now);
    const answers = Array.from({ length: 5 }, () => {
      now += 3_600_000;
      return limits.refused();
    });
    expect(answers).toEqual([false, false, false, false, true]);
  });

  it('closes on the twentieth malformed message within a minute, and starts counting afresh after it', () => {
    let now = 1_000_000;
    const limits = new Misbehaviour(DEFAULT_LIMITS, () => now);
    for (let i = 0; i < 19; i++) expect(limits.malformedMessage()).toBe(false);
    now += 60_001;
    for (let i = 0; i < 19; i++) expect(limits.malformedMessage()).toBe(false);
    now += 59_000;
    expect(limits.malformedMessage()).toBe(true);
  });
});
