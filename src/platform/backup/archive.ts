/**
 * The backup archive: a plain POSIX ustar file (readable by any `tar`), written and read here in
 * a few lines rather than through a dependency. Entries are streamed in 1 MiB pieces and hashed
 * (SHA-256) as they go, so a database of any size never sits in memory.
 */
import { createHash } from 'node:crypto';
import { type FileHandle, open } from 'node:fs/promises';
import { PassThrough } from 'node:stream';

const BLOCK = 512;
const PIECE = 1024 * 1024;

function octal(value: number, width: number): string {
  return value.toString(8).padStart(width - 1, '0') + '\0';
}

function header(name: string, bytes: number, mtimeMs: number): Buffer {
  if (Buffer.byteLength(name) > 100) throw new Error(`A backup entry name is limited to 100 bytes: ${name}`);
  const h = Buffer.alloc(BLOCK);
  h.write(name, 0, 100, 'utf8');
  h.write(octal(0o644, 8), 100, 'ascii');
  h.write(octal(0, 8), 108, 'ascii');
  h.write(octal(0, 8), 116, 'ascii');
  h.write(octal(bytes, 12), 124, 'ascii');
  h.write(octal(Math.floor(mtimeMs / 1000), 12), 136, 'ascii');
  h.write('        ', 148, 'ascii');
  h.write('0', 156, 'ascii');
  h.write('ustar\0', 257, 'ascii');
  h.write('00', 263, 'ascii');
  let sum = 0;
  for (const byte of h) sum += byte;
  h.write(octal(sum, 7) + ' ', 148, 'ascii');
  return h;
}

const padding = (bytes: number) => Buffer.alloc((BLOCK - (bytes % BLOCK)) % BLOCK);

export interface EntryDigest {
  name: string;
  bytes: number;
  sha256: string;
}

/** Hashes a file as the archive will carry it. */
export async function digestOf(name: string, path: string): Promise<EntryDigest> {
  const hash = createHash('sha256');
  const file = await open(path, 'r');
  let bytes = 0;
  try {
    const piece = Buffer.alloc(PIECE);
    for (;;) {
      const { bytesRead } = await file.read(piece, 0, PIECE, bytes);
      if (!bytesRead) break;
      hash.update(piece.subarray(0, bytesRead));
      bytes += bytesRead;
    }
  } finally {
    await file.close();
  }
  return { name, bytes, sha256: hash.digest('hex') };
}

export class ArchiveWriter {
  private constructor(private readonly out: FileHandle) {}

  static async create(path: string): Promise<ArchiveWriter> {
    return new ArchiveWriter(await open(path, 'wx', 0o600));
  }

  async addBuffer(name: string, content: Buffer): Promise<void> {
    await this.out.write(Buffer.concat([header(name, content.length, Date.now()), content, padding(content.length)]));
  }

  /** Copies a file into the archive; `onBytes` hears how much has been copied. */
  async addFile(name: string, path: string, bytes: number, onBytes: (copied: number) => void = () => {}): Promise<void> {
    await this.out.write(header(name, bytes, Date.now()));
    const file = await open(path, 'r');
    try {
      const piece = Buffer.alloc(PIECE);
      let copied = 0;
      while (copied < bytes) {
        const { bytesRead } = await file.read(piece, 0, Math.min(PIECE, bytes - copied), copied);
        if (!bytesRead) throw new Error(`${path} shrank while it was archived`);
        await this.out.write(piece.subarray(0, bytesRead));
        copied += bytesRead;
        onBytes(copied);
      }
    } finally {
      await file.close();
    }
    await this.out.write(padding(bytes));
  }

  async close(): Promise<void> {
    await this.out.write(Buffer.alloc(BLOCK * 2));
    await this.out.sync();
    await this.out.close();
  }
}

/**
 * An archive written to a stream while it is made (a download): `body` is what the response
 * sends, and each write waits for the reader (backpressure), so a slow client holds the writer
 * back instead of filling memory. A tar header names its entry's size, so an entry of unknown
 * size is made into a file first (`addFile`). Once the reader is gone every write throws.
 */
export class ArchiveStream {
  readonly body = new PassThrough({ highWaterMark: PIECE });

  constructor(private readonly mtimeMs: number) {}

  private write(chunk: Buffer): Promise<void> {
    if (this.body.destroyed || this.body.writableEnded) return Promise.reject(new Error('The archive is no longer read'));
    if (this.body.write(chunk)) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const drained = () => {
        this.body.off('close', closed);
        resolve();
      };
      const closed = () => {
        this.body.off('drain', drained);
        reject(new Error('The archive is no longer read'));
      };
      this.body.once('drain', drained);
      this.body.once('close', closed);
    });
  }

  async addBuffer(name: string, content: Buffer): Promise<void> {
    await this.write(header(name, content.length, this.mtimeMs));
    await this.write(content);
    await this.write(padding(content.length));
  }

  /** Copies a whole file into the archive. */
  async addFile(name: string, path: string): Promise<void> {
    const file = await open(path, 'r');
    try {
      const bytes = (await file.stat()).size;
      await this.write(header(name, bytes, this.mtimeMs));
      let copied = 0;
      while (copied < bytes) {
        // A piece of its own each time: the stream keeps what it has not sent yet.
        const piece = Buffer.allocUnsafe(Math.min(PIECE, bytes - copied));
        const { bytesRead } = await file.read(piece, 0, piece.length, copied);
        if (!bytesRead) throw new Error(`${path} shrank while it was archived`);
        await this.write(piece.subarray(0, bytesRead));
        copied += bytesRead;
      }
      await this.write(padding(bytes));
    } finally {
      await file.close();
    }
  }

  async close(): Promise<void> {
    await this.write(Buffer.alloc(BLOCK * 2));
    this.body.end();
  }

  /** Ends the download half-way: the client sees a broken transfer, never a short archive that looks whole. */
  fail(error: Error): void {
    this.body.destroy(error);
  }
}

/** Reads an archive entry by entry; each entry is written to the path `target` names (or skipped when it names none). */
export async function extract(
  path: string,
  target: (name: string) => string | null,
  onBytes: (copied: number, total: number) => void = () => {},
): Promise<EntryDigest[]> {
  const input = await open(path, 'r');
  const total = (await input.stat()).size;
  const out: EntryDigest[] = [];
  try {
    let at = 0;
    const h = Buffer.alloc(BLOCK);
    for (;;) {
      const { bytesRead } = await input.read(h, 0, BLOCK, at);
      if (bytesRead < BLOCK) throw new Error('The archive ends in the middle of an entry: it is incomplete');
      at += BLOCK;
      if (h.every((b) => b === 0)) break;
      if (h.toString('ascii', 257, 262) !== 'ustar') throw new Error('Not a Vessel Link backup (no tar header found)');
      const name = h.toString('utf8', 0, 100).replace(/\0.*$/s, '');
      const bytes = Number.parseInt(h.toString('ascii', 124, 136).replace(/\0.*$/s, ''), 8);
      const destination = target(name);
      const hash = createHash('sha256');
      const file = destination ? await open(destination, 'wx', 0o600) : null;
      try {
        const piece = Buffer.alloc(PIECE);
        let copied = 0;
        while (copied < bytes) {
          const read = (await input.read(piece, 0, Math.min(PIECE, bytes - copied), at + copied)).bytesRead;
          if (!read) throw new Error('The archive ends in the middle of an entry: it is incomplete');
          const chunk = piece.subarray(0, read);
          hash.update(chunk);
          if (file) await file.write(chunk);
          copied += read;
          onBytes(at + copied, total);
        }
        if (file) await file.sync();
      } finally {
        await file?.close();
      }
      at += bytes + padding(bytes).length;
      out.push({ name, bytes, sha256: hash.digest('hex') });
    }
  } finally {
    await input.close();
  }
  return out;
}
