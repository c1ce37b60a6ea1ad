import { describe, expect, it } from 'vitest';
import { EventBus } from '../../src/platform/events.js';

describe('the event bus', () => {
  it('delivers to every listener in the order they registered, one that throws stopping none', () => {
    const failures: string[] = [];
    const bus = new EventBus((name) => failures.push(name));
    const heard: string[] = [];
    bus.on('vessel.devices', ({ vesselId }) => heard.push(`first ${vesselId}`));
    bus.on('vessel.devices', () => {
      throw new Error('listener broke');
    });
    bus.on('vessel.devices', ({ vesselId }) => heard.push(`third ${vesselId}`));
    bus.emit('vessel.devices', { vesselId: 7 });
    expect(heard).toEqual(['first 7', 'third 7']);
    expect(failures).toEqual(['vessel.devices']);
  });

  it('lets a listener stop listening while the event is delivered, and the others still hear it', () => {
    const bus = new EventBus();
    const heard: string[] = [];
    const stop = bus.on('vessel.devices', () => {
      heard.push('once');
      stop();
    });
    bus.on('vessel.devices', () => heard.push('always'));
    bus.emit('vessel.devices', { vesselId: 1 });
    bus.emit('vessel.devices', { vesselId: 1 });
    expect(heard).toEqual(['once', 'always', 'always']);
  });

  it('hands another node’s events only to the listeners that asked for them, and relays only this node’s', () => {
    const bus = new EventBus();
    const relayed: string[] = [];
    bus.relayTo((name) => relayed.push(name));
    const heard: string[] = [];
    bus.on('vessel.devices', () => heard.push('local'));
    bus.on('vessel.devices', () => heard.push('cluster'), { cluster: true });
    bus.receive('vessel.devices', { vesselId: 2 });
    expect(heard).toEqual(['cluster']);
    bus.emit('vessel.devices', { vesselId: 2 });
    expect(heard).toEqual(['cluster', 'local', 'cluster']);
    expect(relayed).toEqual(['vessel.devices']);
    bus.emit('ingest.batch', { messages: 1, values: 1, seconds: 0 });
    expect(relayed).toEqual(['vessel.devices']);
  });
});
