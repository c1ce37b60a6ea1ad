/**
 * NMEA 2000 straight from the bus, on the computer the agent runs on: a SocketCAN interface
 * (`socketcan:can0`, a PiCAN or Waveshare CAN HAT) or an Actisense NGT-1 on a serial port
 * (`serial:/dev/ttyUSB0`). Both need native code that is optional here: SocketCAN the `socketcan`
 * package (or canboatjs's own addon when it was built on install), serial the `serialport` package
 * canboatjs depends on. Each frame becomes a line of text for the same decoder as a gateway's.
 */
import { EventEmitter } from 'node:events';
import { createRequire } from 'node:module';
import type { Logger } from '../client/logger';
import type { LineSource } from './lines';

export type N2kDeviceAddress = { kind: 'socketcan'; interface: string } | { kind: 'actisense'; device: string; baudRate: number };

/** The NGT-1's speed; `serial:/dev/ttyUSB0@230400` names another. */
const ACTISENSE_BAUD = 115_200;

/** `socketcan:<interface>` or `serial:<device>[@<baud>]`; undefined when it is neither. */
export function parseN2kDeviceAddress(text: string): N2kDeviceAddress | undefined {
  const can = /^socketcan:([A-Za-z0-9_.-]{1,15})$/.exec(text);
  if (can) return { kind: 'socketcan', interface: can[1] };
  const serial = /^serial:(\/[^@\s]+)(?:@(\d{4,7}))?$/.exec(text);
  if (serial) return { kind: 'actisense', device: serial[1], baudRate: serial[2] ? Number(serial[2]) : ACTISENSE_BAUD };
  return undefined;
}

/** socketcan's channel, which canboatjs's own CanChannel copies. */
interface CanChannel {
  addListener(event: 'onMessage', listener: (frame: { id: number; data: Buffer }) => void): void;
  addListener(event: 'onStopped', listener: () => void): void;
  start(): void;
  stop(): void;
}

type OpenChannel = (name: string) => CanChannel;

const requireOptional = createRequire(import.meta.url);

/** What opens a SocketCAN channel here, or an Error saying what to install. */
export function socketcanChannels(load: (name: string) => unknown = requireOptional): OpenChannel | Error {
  try {
    const socketcan = load('socketcan') as { createRawChannel(name: string, timestamps?: boolean): CanChannel };
    return (name) => socketcan.createRawChannel(name, true);
  } catch {
    // Not installed: canboatjs's own addon may have been built instead.
  }
  try {
    // canSocket loads without its addon and fails only when a channel is opened: ask for the addon itself.
    load('@canboat/canboatjs/build/Release/canSocket.node');
    const { CanChannel: Channel } = load('@canboat/canboatjs/dist/canSocket') as { CanChannel: new (name: string) => CanChannel };
    return (name) => new Channel(name);
  } catch {
    return new Error('--n2k socketcan: needs the socketcan package (npm install socketcan), which builds a native addon');
  }
}

/** Whether a device source can be opened on this computer: an Error saying what to install when not. */
export function n2kDeviceProblem(address: N2kDeviceAddress, load: (name: string) => unknown = requireOptional): Error | undefined {
  if (address.kind === 'socketcan') {
    const channels = socketcanChannels(load);
    return channels instanceof Error ? channels : undefined;
  }
  try {
    load('serialport');
    return undefined;
  } catch {
    return new Error('--n2k serial: needs the serialport package (npm install serialport)');
  }
}

/** A CAN frame as a candump log line, which canboatjs reads (fast packets are put together by the decoder). */
export function candumpLine(iface: string, frame: { id: number; data: Buffer }, nowMs: number): string {
  const id = (frame.id & 0x1fffffff).toString(16).toUpperCase().padStart(8, '0');
  return `(${(nowMs / 1000).toFixed(6)}) ${iface} ${id}#${frame.data.toString('hex').toUpperCase()}`;
}

export function openN2kDevice(address: N2kDeviceAddress, onLine: (line: string) => void, log: Logger): LineSource {
  return address.kind === 'socketcan' ? openSocketcan(address.interface, onLine, log) : openActisense(address, onLine, log);
}

function openSocketcan(iface: string, onLine: (line: string) => void, log: Logger): LineSource {
  const channels = socketcanChannels();
  if (channels instanceof Error) throw channels;
  const channel = channels(iface);
  let closed = false;
  channel.addListener('onMessage', (frame) => onLine(candumpLine(iface, frame, Date.now())));
  channel.addListener('onStopped', () => {
    if (!closed) log.warn(`socketcan:${iface} stopped`);
  });
  channel.start();
  return {
    describe: `socketcan:${iface}`,
    close: () => {
      closed = true;
      channel.stop();
    },
  };
}

interface ActisenseStream extends NodeJS.ReadableStream {
  reconnect: boolean;
  options: { reconnect?: boolean };
  end(): void;
}

/**
 * canboatjs's Actisense reader speaks the NGT-1's binary protocol and, with `plainText`, gives
 * canboat's plain text lines. It expects a Signal K server's `app` for its status reports: here
 * an emitter whose reports go to the log.
 */
function openActisense(address: Extract<N2kDeviceAddress, { kind: 'actisense' }>, onLine: (line: string) => void, log: Logger): LineSource {
  const { serial } = requireOptional('@canboat/canboatjs') as { serial: new (options: Record<string, unknown>) => ActisenseStream };
  const app = Object.assign(new EventEmitter(), {
    setProviderStatus: (_id: string, message: string) => log.info(`${address.device}: ${message}`),
    setProviderError: (_id: string, message: string) => log.warn(`${address.device}: ${message}`),
  });
  const stream = new serial({ device: address.device, baudrate: address.baudRate, plainText: true, app, providerId: 'n2k' });
  stream.on('data', (line: string | Buffer) => onLine(String(line)));
  return {
    describe: `serial:${address.device}`,
    close: () => {
      stream.reconnect = false;
      stream.options.reconnect = false;
      stream.end();
    },
  };
}
