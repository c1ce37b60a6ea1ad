/**
 * Where instrument text comes from: a TCP gateway (`tcp://host:port`, reconnected when it drops),
 * or UDP broadcasts (`udp://:port`): every line goes to `onLine`. Or a recorded file, read with
 * `readLog` into deltas (the agent and the simulator then play it at its recorded pace).
 */
import { createReadStream } from 'node:fs';
import type { SignalKDelta } from '../../contracts/bridge';
import type { LineDecoder } from './decoders';
import { createSocket } from 'node:dgram';
import { connect, type Socket } from 'node:net';
import type { Logger } from '../client/logger';

export interface LineSource {
  readonly describe: string;
  close(): void;
}

const RECONNECT_MS = 5000;

export type LineAddress = { kind: 'tcp'; host: string; port: number } | { kind: 'udp'; port: number } | { kind: 'file'; path: string };

/** Reads `tcp://host:port`, `udp://:port` or a file path; undefined when it is none of them. */
export function parseLineAddress(text: string): LineAddress | undefined {
  const network = /^(tcp|udp):\/\/([^:/]*):(\d{1,5})$/.exec(text);
  if (network) {
    const port = Number(network[3]);
    if (port < 1 || port > 65535) return undefined;
    if (network[1] === 'udp') return { kind: 'udp', port };
    return network[2] ? { kind: 'tcp', host: network[2], port } : undefined;
  }
  if (/^[a-z]+:\/\//i.test(text) || text.trim() === '') return undefined;
  return { kind: 'file', path: text };
}

function splitLines(onLine: (line: string) => void): (chunk: Buffer) => void {
  let rest = '';
  return (chunk) => {
    const lines = (rest + chunk.toString('latin1')).split(/\r?\n/);
    rest = lines.pop() ?? '';
    for (const line of lines) if (line.trim() !== '') onLine(line);
  };
}

export function openLines(address: LineAddress, onLine: (line: string) => void, log: Logger): LineSource {
  if (address.kind === 'udp') {
    const socket = createSocket({ type: 'udp4', reuseAddr: true });
    socket.on('message', splitLines(onLine));
    socket.on('error', (error) => log.warn(`udp :${address.port}: ${error.message}`));
    socket.bind(address.port);
    return { describe: `udp://:${address.port}`, close: () => socket.close() };
  }
  if (address.kind === 'tcp') {
    const describe = `tcp://${address.host}:${address.port}`;
    let socket: Socket | undefined;
    let timer: NodeJS.Timeout | undefined;
    let closed = false;
    const open = () => {
      socket = connect(address.port, address.host);
      socket.on('connect', () => log.info(`${describe} connected`));
      socket.on('data', splitLines(onLine));
      socket.on('error', (error) => log.warn(`${describe}: ${error.message}`));
      socket.on('close', () => {
        if (!closed) timer = setTimeout(open, RECONNECT_MS);
      });
    };
    open();
    return {
      describe,
      close: () => {
        closed = true;
        clearTimeout(timer);
        socket?.destroy();
      },
    };
  }
  throw new TypeError(`${address.path} is a file: play it with readLog`);
}

/** A recorded log's deltas in order, through the decoder (lines that carry no values are skipped). */
export async function* readLog(file: string, decode: LineDecoder): AsyncGenerator<SignalKDelta> {
  const input = createReadStream(file, { encoding: 'latin1', highWaterMark: 16 * 1024 });
  let rest = '';
  try {
    for await (const chunk of input as AsyncIterable<string>) {
      const lines = (rest + chunk).split(/\r?\n/);
      rest = lines.pop() ?? '';
      for (const line of lines) {
        const delta = decode(line);
        if (delta) yield delta;
      }
    }
    const last = rest.trim() === '' ? undefined : decode(rest);
    if (last) yield last;
  } finally {
    input.destroy();
  }
}
