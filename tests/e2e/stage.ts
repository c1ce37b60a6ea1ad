/**
 * The stage most end-to-end tests play on: the web app built, the demo server listening, and the
 * demo bridges simulated beside it (one tick every `tickMs`), as `npm start` runs them.
 */
import { demoBridgesIn, loadDemoBridges } from '../../fixtures/bridges.js';
import { startFleet, type FleetHandle } from '../../simulator/index.js';
import { createTestServer, type TestServer } from '../helpers/server.js';
import { ensureWebBuild } from './browser.js';

export interface DemoStage {
  t: TestServer;
  fleet: FleetHandle;
  baseUrl: string;
  stop(): Promise<void>;
}

export async function startDemoStage(tickMs = 1000, env: Record<string, string> = {}): Promise<DemoStage> {
  await ensureWebBuild();
  const t = await createTestServer({ demo: true, listen: true, env });
  const { db } = t.database;
  await loadDemoBridges(db, t.config.sessionSecret);
  const bridges = (await demoBridgesIn(db)).map(({ serial, secret, profile }) => ({ serial, secret, profile }));
  const fleet = startFleet({ mqttUrl: `mqtt://127.0.0.1:${t.server.app.mqtt.port}`, bridges, tickMs, logLevel: 'warn' });
  await fleet.waitForConnect();
  const stop = async () => {
    await fleet.stop();
    await t.close();
  };
  return { t, fleet, baseUrl: `http://127.0.0.1:${t.server.info.port}`, stop };
}
