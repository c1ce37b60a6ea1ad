import { describe, expect, it } from 'vitest';
import { EventStream } from '../../src/modules/devices/live.js';

describe('a live stream whose browser left while it was being opened', () => {
  it('writes nothing after its end instead of failing the process with "write after end"', async () => {
    const stream = new EventStream();
    const errors: Error[] = [];
    stream.on('error', (err) => errors.push(err));
    stream.resume();
    stream.send('retry: 3000\n\n');
    stream.end();
    stream.send('event: hello\ndata: {}\n\n');
    await new Promise((resolve) => setImmediate(resolve));
    expect(errors).toEqual([]);
  });
});
