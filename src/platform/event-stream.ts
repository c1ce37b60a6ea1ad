/** A server-sent event response that flushes each event through hapi's compressor (the devices module's vessel stream, the messaging module's user stream). */
import { PassThrough } from 'node:stream';

/**
 * The response stream. Browsers ask for gzip, and hapi compresses event streams; it hands the
 * compressor to a stream that offers `setCompressor`, so each event can be flushed through it
 * instead of waiting in the compression buffer.
 */
export class EventStream extends PassThrough {
  private compressor: { flush(): void } | null = null;
  private flushing = false;

  setCompressor(compressor: { flush(): void }): void {
    this.compressor = compressor;
    this.flushSoon();
  }

  /** A browser may leave while the stream is being opened: nothing is written after the end. */
  send(text: string): void {
    if (this.writableEnded || this.destroyed) return;
    this.write(text);
    this.flushSoon();
  }

  /** The pipe hands text on asynchronously: flush once it has reached the compressor. */
  private flushSoon(): void {
    if (!this.compressor || this.flushing) return;
    this.flushing = true;
    setImmediate(() => {
      this.flushing = false;
      this.compressor?.flush();
    });
  }
}
