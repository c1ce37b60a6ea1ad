/** Every way a user types the Signal K server, and the model read over REST as values. */
import { describe, expect, it } from 'vitest';
import { flattenModel, signalKAddress } from '../../bridge/sources/signalk';

describe('the Signal K server address', () => {
  it.each([
    ['localhost:3000', 'http://localhost:3000', 'ws://localhost:3000'],
    ['boat.local', 'http://boat.local:3000', 'ws://boat.local:3000'],
    ['192.168.1.20:3001', 'http://192.168.1.20:3001', 'ws://192.168.1.20:3001'],
    ['[::1]:3000', 'http://[::1]:3000', 'ws://[::1]:3000'],
    ['http://127.0.0.1:3000', 'http://127.0.0.1:3000', 'ws://127.0.0.1:3000'],
    ['http://127.0.0.1:3000/', 'http://127.0.0.1:3000', 'ws://127.0.0.1:3000'],
    ['https://venus.local', 'https://venus.local', 'wss://venus.local'],
    ['ws://127.0.0.1:3000', 'http://127.0.0.1:3000', 'ws://127.0.0.1:3000'],
    ['wss://boat.example.com:8443', 'https://boat.example.com:8443', 'wss://boat.example.com:8443'],
    ['WS://Boat:3000', 'http://boat:3000', 'ws://boat:3000'],
    // A stream or API address pasted whole: what starts at /signalk goes, a proxy's prefix stays.
    ['ws://127.0.0.1:3000/signalk/v1/stream?subscribe=all', 'http://127.0.0.1:3000', 'ws://127.0.0.1:3000'],
    ['http://127.0.0.1:3000/signalk/v1/api/', 'http://127.0.0.1:3000', 'ws://127.0.0.1:3000'],
    ['https://proxy.example.com/boat/signalk', 'https://proxy.example.com/boat', 'wss://proxy.example.com/boat'],
  ])('takes %s', (typed, http, ws) => {
    expect(signalKAddress(typed)).toEqual({ http, ws });
  });

  it.each([['ftp://boat:3000'], ['tcp://boat:3000'], [''], ['http://'], ['http://user:secret@boat:3000'], ['boat:notaport']])('refuses %s', (typed) => {
    expect(signalKAddress(typed)).toBeUndefined();
  });
});

describe('the Signal K model as values', () => {
  it('gives every value with its source, timestamp, units and description, and leaves out what is not a value', () => {
    const model = {
      uuid: 'urn:mrn:signalk:uuid:b7590868-1d62-47d9-989c-32321b349fb9',
      name: 'Sea Breeze',
      mmsi: '230099999',
      navigation: {
        magneticVariation: {
          value: 0.0523,
          $source: 'n2k.3',
          timestamp: '2026-06-01T10:00:00.000Z',
          meta: { units: 'rad', description: 'The magnetic variation' },
        },
        position: {
          value: { latitude: 43.7, longitude: 7.42 },
          $source: 'n2k.3',
          timestamp: '2026-06-01T10:15:00.000Z',
          values: { 'n2k.3': { value: { latitude: 43.7, longitude: 7.42 } } },
        },
      },
      environment: {
        depth: { transducerToKeel: { value: 0.6, source: { label: 'defaults' }, meta: { units: 'm' } } },
        water: {
          temperature: {
            value: 291.4,
            $source: 'n2k.35',
            timestamp: '2026-06-01T10:14:00.000Z',
            meta: { units: 'K', description: 'Current water temperature' },
          },
        },
      },
    };
    expect(flattenModel(model, '2026-06-01T10:20:00.000Z')).toEqual([
      {
        path: 'navigation.magneticVariation',
        value: 0.0523,
        source: 'n2k.3',
        timestamp: '2026-06-01T10:00:00.000Z',
        units: 'rad',
        description: 'The magnetic variation',
      },
      { path: 'navigation.position', value: { latitude: 43.7, longitude: 7.42 }, source: 'n2k.3', timestamp: '2026-06-01T10:15:00.000Z' },
      { path: 'environment.depth.transducerToKeel', value: 0.6, source: 'defaults', timestamp: '2026-06-01T10:20:00.000Z', units: 'm' },
      {
        path: 'environment.water.temperature',
        value: 291.4,
        source: 'n2k.35',
        timestamp: '2026-06-01T10:14:00.000Z',
        units: 'K',
        description: 'Current water temperature',
      },
    ]);
  });
});
