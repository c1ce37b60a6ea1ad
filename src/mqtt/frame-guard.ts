/**
 * A transport-level guard in front of Aedes. It reads only the fixed header of each MQTT packet
 * (MQTT 3.1.1 §2.2: a type byte, then the Remaining Length in at most four bytes) and passes the
 * bytes through untouched. Aedes' parser buffers a whole packet before it sees it, so without
 * this a client could make the server hold up to 256 MB per connection; here a packet over the
 * limit, a malformed length, or a first packet that is not CONNECT (MQTT-3.1.0-1) closes the
 * connection at once, before its body is read.
 *
 * It also holds acknowledgements back (`hold`): the broker lets Aedes read a connection's next
 * packets while the previous ones are being committed, and what Aedes writes meanwhile (their
 * PUBACKs) waits here, in order, until the commit it depends on is done (docs/performance.md,
 * "Single-connection ingest").
 */
import { Duplex } from 'node:stream';
import { MAX_PAYLOAD_BYTES } from './protocol.js';

/** Largest accepted packet, fixed header included. */
export const MAX_PACKET_BYTES = MAX_PAYLOAD_BYTES;

const CONNECT = 1;

type ParseState = 'type' | 'length' | 'body';

/** A point in the output that nothing written after it may pass until it is released. */
interface Hold {
  released: boolean;
  /** The message id of the PUBACK the hold becomes once released (MQTT 3.1.1 §3.4), or -1 for none. */
  ack: number;
}

/** A PUBACK: its fixed header (type 4, Remaining Length 2) and the message id (§3.4). */
const PUBACK_BYTES = 4;

export class FrameGuard extends Duplex {
  /** Epoch ms of the last complete packet header read: the bridge's `lastSeen`. */
  lastPacketAt = 0;
  /** Why the guard closed the connection, if it did. */
  violation: string | null = null;
  /**
   * The client closed the connection, seen as soon as the socket reads it: Aedes pauses a
   * connection while it authenticates, so its own view of the close can come after the CONNECT
   * has been served (docs/protocol.md, "Connecting").
   */
  clientGone = false;

  private corked = false;
  private flushQueued = false;
  private reading = true;
  private closing = false;
  private state: ParseState = 'type';
  private first = true;
  private length = 0;
  private lengthBytes = 0;
  private remaining = 0;
  /** Output waiting for a hold: holds and the chunks written after them, in order. */
  private held: Array<Buffer | Hold> = [];
  private onFlushed: (() => void) | null = null;

  constructor(
    private readonly inner: Duplex,
    private readonly maxPacketBytes = MAX_PACKET_BYTES,
  ) {
    super({ allowHalfOpen: false });
    inner.on('data', (chunk: Buffer) => {
      if (!this.reading) return;
      if (!this.inspect(chunk)) {
        this.destroy();
        return;
      }
      if (!this.push(chunk)) inner.pause();
    });
    inner.on('end', () => {
      this.clientGone = true;
      this.push(null);
    });
    inner.on('error', (err) => this.destroy(err));
    inner.on('close', () => {
      this.clientGone = true;
      this.destroy();
    });
  }

  get remoteAddress(): string | undefined {
    return (this.inner as Duplex & { remoteAddress?: string }).remoteAddress;
  }

  override _read(): void {
    this.inner.resume();
  }

  override _write(chunk: Buffer, _encoding: BufferEncoding, callback: (err?: Error | null) => void): void {
    // Held output is taken at once (the writer must not wait for the commit), and bounded by the
    // messages the broker lets a connection have in flight.
    if (this.held.length) {
      this.held.push(chunk);
      return callback();
    }
    if (this.send(chunk)) callback();
    else this.inner.once('drain', () => callback());
  }

  override _final(callback: (err?: Error | null) => void): void {
    const end = () => {
      this.inner.end();
      callback();
    };
    if (this.held.length) this.onFlushed = end;
    else end();
  }

  /**
   * Everything written from now on waits until the answered function is called (and every
   * earlier hold is released). A hold never released keeps its output back for good: the
   * connection is to be closed instead. With `ackMessageId` the hold, once released, sends the
   * PUBACK of that message itself, in its place in the output (the broker then spares Aedes
   * writing one: hooks.ts).
   */
  hold(ackMessageId = -1): () => void {
    const hold: Hold = { released: false, ack: ackMessageId };
    this.held.push(hold);
    return () => {
      hold.released = true;
      if (this.flushQueued) return;
      // A commit releases its batch's holds one after another: flushing once they all are sends
      // their PUBACKs in one write instead of one each.
      this.flushQueued = true;
      queueMicrotask(() => {
        this.flushQueued = false;
        this.flushHeld();
      });
    };
  }

  override _destroy(err: Error | null, callback: (err?: Error | null) => void): void {
    // A graceful close lets the socket send what it holds (the last PUBACKs) before it goes.
    if (!this.closing) this.inner.destroy();
    callback(err);
  }

  /** Ignores whatever the client sends from now on: the connection is about to close. */
  stopReading(): void {
    this.reading = false;
  }

  /**
   * Closes after everything written so far has gone out: flushes the corked writes, then sends
   * FIN (`end`) instead of dropping the socket, and gives up on a peer that never closes its side.
   */
  closeGracefully(): void {
    if (this.closing || this.destroyed) return;
    this.closing = true;
    this.reading = false;
    this.inner.uncork();
    this.end();
    const timer = setTimeout(() => this.inner.destroy(), 5_000);
    timer.unref();
    this.inner.once('close', () => clearTimeout(timer));
  }

  private flushHeld(): void {
    // What the released holds free, their PUBACKs included, goes out as one buffer.
    let next = 0;
    let bytes = 0;
    for (; next < this.held.length && !this.destroyed; next++) {
      const entry = this.held[next];
      if (Buffer.isBuffer(entry)) bytes += entry.length;
      else if (!entry.released) break;
      else if (entry.ack >= 0) bytes += PUBACK_BYTES;
    }
    if (bytes) {
      const out = Buffer.allocUnsafe(bytes);
      let at = 0;
      for (let i = 0; i < next; i++) {
        const entry = this.held[i];
        if (Buffer.isBuffer(entry)) at += entry.copy(out, at);
        else if (entry.ack >= 0) {
          out[at] = 0x40;
          out[at + 1] = 2;
          out.writeUInt16BE(entry.ack, at + 2);
          at += PUBACK_BYTES;
        }
      }
      this.send(out);
    }
    if (next < this.held.length && !this.destroyed) {
      this.held.splice(0, next);
      return;
    }
    this.held.length = 0;
    const flushed = this.onFlushed;
    this.onFlushed = null;
    flushed?.();
  }

  /**
   * A committed batch releases many acknowledgements at once: those written in the same tick go
   * out together rather than one system call each.
   */
  private send(chunk: Buffer): boolean {
    if (!this.corked) {
      this.corked = true;
      this.inner.cork();
      process.nextTick(() => {
        this.corked = false;
        this.inner.uncork();
      });
    }
    return this.inner.write(chunk);
  }

  /** Follows packet boundaries through a chunk; false when the connection must close. */
  private inspect(chunk: Buffer): boolean {
    let i = 0;
    while (i < chunk.length) {
      if (this.state === 'body') {
        const skip = Math.min(this.remaining, chunk.length - i);
        this.remaining -= skip;
        i += skip;
        if (this.remaining === 0) this.state = 'type';
        continue;
      }
      const byte = chunk[i++];
      if (this.state === 'type') {
        const type = byte >> 4;
        if (this.first && type !== CONNECT) return this.refuse('first packet is not CONNECT');
        // Types 0 and 15 are reserved (MQTT 3.1.1 §2.2.1).
        if (type === 0 || type === 15) return this.refuse('reserved packet type');
        this.first = false;
        this.state = 'length';
        this.length = 0;
        this.lengthBytes = 0;
        continue;
      }
      // Remaining Length: seven bits a byte, least significant first, at most four bytes (§2.2.3).
      this.length += (byte & 0x7f) * 128 ** this.lengthBytes;
      this.lengthBytes++;
      if (byte & 0x80) {
        if (this.lengthBytes === 4) return this.refuse('malformed remaining length');
        continue;
      }
      if (1 + this.lengthBytes + this.length > this.maxPacketBytes) return this.refuse('packet over the size limit');
      this.lastPacketAt = Date.now();
      this.remaining = this.length;
      this.state = this.length > 0 ? 'body' : 'type';
    }
    return true;
  }

  private refuse(reason: string): false {
    this.violation = reason;
    return false;
  }
}
