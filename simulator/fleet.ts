/**
 * Many simulated bridges from one process, for demos and load tests. They share one ticker, and
 * their first connects are spread out (one timer walks the list) so that a thousand bridges do not
 * hit the broker's authentication in the same millisecond.
 */
import { Bridge, type BridgeHandle, type BridgeOptions } from './bridge';
import type { ScenarioName } from './scenarios';
import { Ticker } from './ticker';

export interface FleetMember {
  serial: string;
  secret: string;
  profile?: string;
}

export interface FleetOptions extends Omit<BridgeOptions, 'serial' | 'secret' | 'profile' | 'ticker' | 'onDelta'> {
  bridges: FleetMember[];
  /** Delay between two bridges' first connects. Default 5 ms (1,000 bridges in 5 s); 0 connects all at once. */
  connectIntervalMs?: number;
  /** Sees the telemetry of the fleet's first bridge: what `--record` writes. */
  onFirstBridgeDelta?: BridgeOptions['onDelta'];
}

export interface FleetStats {
  bridges: number;
  started: number;
  connected: number;
  messagesSent: number;
  deltasSent: number;
  buffered: number;
  dropped: number;
  /** Connects beyond each bridge's first. */
  reconnects: number;
}

export interface FleetHandle {
  readonly bridges: readonly BridgeHandle[];
  readonly stats: FleetStats;
  /** Resolves once every bridge is connected. */
  waitForConnect(timeoutMs?: number): Promise<void>;
  injectScenario(name: ScenarioName): Promise<void>;
  stop(): Promise<void>;
}

export function startFleet(options: FleetOptions): FleetHandle {
  const { bridges: members, connectIntervalMs = 5, onFirstBridgeDelta, tickMs = 1000, ...shared } = options;
  if (!Array.isArray(members) || members.length === 0) throw new TypeError('A fleet needs at least one bridge');
  if (!Number.isInteger(connectIntervalMs) || connectIntervalMs < 0)
    throw new TypeError(`connectIntervalMs must be a non-negative integer, got ${connectIntervalMs}`);
  const serials = new Set(members.map((member) => member.serial));
  if (serials.size !== members.length) throw new TypeError('Bridge serials in a fleet must be unique');

  const ticker = new Ticker(tickMs);
  const bridges = members.map(
    (member, index) =>
      new Bridge({
        ...shared,
        ...member,
        tickMs,
        ticker,
        onDelta: index === 0 ? onFirstBridgeDelta : undefined,
      }),
  );

  // Timers fire late under load: each firing starts every bridge that is due by now.
  let started = 0;
  const firstStart = Date.now();
  const startDue = () => {
    const due = connectIntervalMs === 0 ? bridges.length : Math.min(bridges.length, Math.floor((Date.now() - firstStart) / connectIntervalMs) + 1);
    while (started < due) bridges[started++].start();
    if (started === bridges.length) clearInterval(stagger);
  };
  const stagger = setInterval(startDue, Math.max(1, connectIntervalMs));
  startDue();

  return {
    bridges,
    get stats(): FleetStats {
      const total: FleetStats = { bridges: bridges.length, started, connected: 0, messagesSent: 0, deltasSent: 0, buffered: 0, dropped: 0, reconnects: 0 };
      for (const bridge of bridges) {
        const stats = bridge.stats;
        if (bridge.connected) total.connected += 1;
        total.messagesSent += stats.messagesSent;
        total.deltasSent += stats.deltasSent;
        total.buffered += stats.buffered;
        total.dropped += stats.dropped;
        total.reconnects += Math.max(0, stats.connects - 1);
      }
      return total;
    },
    async waitForConnect(timeoutMs = 10_000 + bridges.length * connectIntervalMs) {
      await Promise.all(bridges.map((bridge) => bridge.waitForConnect(timeoutMs)));
    },
    async injectScenario(name) {
      await Promise.all(bridges.map((bridge) => bridge.injectScenario(name)));
    },
    async stop() {
      clearInterval(stagger);
      await Promise.all(bridges.map((bridge) => bridge.stop()));
      ticker.stop();
    },
  };
}
