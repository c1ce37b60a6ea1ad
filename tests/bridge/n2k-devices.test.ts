/**
 * NMEA 2000 from the bus itself: SocketCAN and an Actisense NGT-1 on a serial port. This machine
 * has neither a CAN interface nor a serial gateway, so these tests cover the addresses, the clear
 * errors when the native packages are missing, and CAN frames through the agent's decoder; the
 * two sources were not run against hardware (docs/bridge-agent.md).
 */
import { describe, expect, it } from 'vitest';
import { n2kDecoder } from '../../bridge/sources/decoders';
import { candumpLine, n2kDeviceProblem, parseN2kDeviceAddress, socketcanChannels } from '../../bridge/sources/n2k-devices';

const missing = (name: string): never => {
  throw Object.assign(new Error(`Cannot find module '${name}'`), { code: 'MODULE_NOT_FOUND' });
};

describe('NMEA 2000 device addresses', () => {
  it.each([
    ['socketcan:can0', { kind: 'socketcan', interface: 'can0' }],
    ['socketcan:vcan1', { kind: 'socketcan', interface: 'vcan1' }],
    ['serial:/dev/ttyUSB0', { kind: 'actisense', device: '/dev/ttyUSB0', baudRate: 115200 }],
    ['serial:/dev/serial/by-id/usb-Actisense_NGT-1@230400', { kind: 'actisense', device: '/dev/serial/by-id/usb-Actisense_NGT-1', baudRate: 230400 }],
  ])('reads %s', (text, address) => {
    expect(parseN2kDeviceAddress(text)).toEqual(address);
  });

  it.each(['socketcan:', 'socketcan:an-interface-name-too-long', 'serial:ttyUSB0', 'serial:/dev/ttyUSB0@fast', 'can0'])('refuses %s', (text) => {
    expect(parseN2kDeviceAddress(text)).toBeUndefined();
  });
});

describe('the native packages they need', () => {
  it('names npm install socketcan when neither socketcan nor canboatjs’s own addon can be loaded', () => {
    const channels = socketcanChannels(missing);
    expect(channels).toBeInstanceOf(Error);
    expect((channels as Error).message).toBe('--n2k socketcan: needs the socketcan package (npm install socketcan), which builds a native addon');
    expect(n2kDeviceProblem({ kind: 'socketcan', interface: 'can0' }, missing)?.message).toContain('npm install socketcan');
  });

  it('opens channels with socketcan when it is installed', () => {
    const opened: string[] = [];
    const socketcan = { createRawChannel: (name: string) => (opened.push(name), { name }) };
    const channels = socketcanChannels((name) => (name === 'socketcan' ? socketcan : missing(name)));
    expect(channels).toBeInstanceOf(Function);
    (channels as (name: string) => unknown)('can0');
    expect(opened).toEqual(['can0']);
  });

  it('finds serialport here (canboatjs’s optional dependency) and names it when it is missing', () => {
    expect(n2kDeviceProblem({ kind: 'actisense', device: '/dev/ttyUSB0', baudRate: 115200 })).toBeUndefined();
    expect(n2kDeviceProblem({ kind: 'actisense', device: '/dev/ttyUSB0', baudRate: 115200 }, missing)?.message).toBe(
      '--n2k serial: needs the serialport package (npm install serialport)',
    );
  });
});

describe('CAN frames', () => {
  const canId = (prio: number, pgn: number, src: number) => prio * 2 ** 26 + pgn * 2 ** 8 + src;
  const bytes = (hex: string) => Buffer.from(hex.replace(/,/g, ''), 'hex');

  it('decode like the same message from a gateway, single frames and fast packets alike', () => {
    const decode = n2kDecoder();
    const lines = [
      // Battery status (127508), one frame.
      candumpLine('can0', { id: canId(6, 127508, 30), data: bytes('00,ed,04,d6,ff,77,74,00') }, Date.parse('2026-06-01T10:00:00.500Z')),
    ];
    // Engine parameters, dynamic (127489): 26 bytes in a fast packet of four frames.
    const payload = bytes('00,ac,0d,2f,0e,bb,8a,82,05,f5,00,20,c9,43,00,0a,00,03,00,ff,00,00,00,00,2d,28');
    const frames = [Buffer.concat([Buffer.from([0x20, payload.length]), payload.subarray(0, 6)])];
    for (let at = 6, n = 1; at < payload.length; at += 7, n += 1) frames.push(Buffer.concat([Buffer.from([0x20 | n]), payload.subarray(at, at + 7)]));
    for (const data of frames)
      lines.push(candumpLine('can0', { id: canId(2, 127489, 17), data: Buffer.concat([data, Buffer.alloc(8 - data.length, 0xff)]) }, Date.now()));

    const values = new Map<string, unknown>();
    for (const line of lines) for (const update of decode(line)?.updates ?? []) for (const { path, value } of update.values) values.set(path, value);
    expect(values.get('electrical.batteries.0.voltage')).toBeCloseTo(12.61, 2);
    expect(values.get('propulsion.port.oilPressure')).toBe(350000);
    expect(values.get('propulsion.port.temperature')).toBeCloseTo(355.15, 1);
  });
});
