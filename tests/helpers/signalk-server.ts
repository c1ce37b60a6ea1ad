/**
 * A real Signal K server (the `signalk-server` package, a devDependency) as a child process, for
 * what only the real one shows: its full model, its stream, its own units. Each server gets a
 * config directory of its own (`-c`): a settings.json that replays the NMEA 2000 sample the package
 * ships (`samples/aava-n2k.data`, ten minutes of a sailing yacht's bus) at its recorded pace with
 * the timestamps of now, as a boat's server would stream it; security off; no mDNS, no NMEA 0183
 * or Signal K TCP listeners (their fixed ports); no look-up of newer versions on the registry.
 * Plugins are installed in the config directory's node_modules (linked) and enabled in
 * plugin-config-data, as the server's app store would leave them.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { freePort } from './process.js';

const require = createRequire(import.meta.url);
/** The installed signalk-server package. */
const PACKAGE = dirname(require.resolve('signalk-server/package.json'));

export interface SignalKPlugin {
  /** The plugin's package folder (with its package.json, keyword `signalk-node-server-plugin`). */
  directory: string;
  /** The plugin's id (its `id`, which names its file in plugin-config-data). */
  id: string;
  /** What the plugin is configured with (its schema's values). */
  configuration?: object;
  /** Its debug log on (the admin UI's "Enable debug log"): what it writes with `app.debug` is in the server's output. */
  debug?: boolean;
}

export interface SignalKServerOptions {
  /**
   * Deltas the server applies once as it starts (its baseDeltas.json, where the admin UI keeps a
   * vessel's fixed values): values and `meta` the stream never sends again.
   */
  baseDeltas?: object[];
  /**
   * Replay the bundled NMEA 2000 sample. Default true. The server counts as started once its model
   * holds a value: without the sample, a base delta or a plugin has to set one.
   */
  sample?: boolean;
  plugins?: SignalKPlugin[];
}

export interface SignalKServer {
  readonly port: number;
  /** http://127.0.0.1:port */
  readonly url: string;
  readonly configDir: string;
  /** What the server printed (stdout and stderr), for a failing test's message. */
  output(): string;
  /** `GET /signalk/v1/api/vessels/self`: the vessel's full model. */
  model(): Promise<Record<string, unknown>>;
  /** Stops the server and starts it again on the same port and config directory, with new base deltas if given. */
  restart(changes?: { baseDeltas?: object[] }): Promise<void>;
  /** Stops the server (its whole process group) and removes its config directory. */
  close(): Promise<void>;
}

const SAMPLE_PROVIDER = {
  id: 'n2k-sample',
  enabled: true,
  pipeElements: [
    { type: 'providers/filestream', options: { filename: join(PACKAGE, 'samples/aava-n2k.data') } },
    { type: 'providers/liner' },
    { type: 'providers/canboatjs' },
    { type: 'providers/timestamp-throttle' },
    { type: 'providers/n2k-signalk' },
  ],
};

const VESSEL = { name: 'Aava', uuid: 'urn:mrn:signalk:uuid:c0d79334-4e25-4245-8892-54e8ccc8021d' };

/**
 * Base deltas with the vessel's name and uuid first, where signalk-server 2 keeps its identity (it
 * writes a new uuid there on its first start): without them the server has no self id, its own
 * vessel is `vessels.undefined`, and a plugin's `app.selfId` and `app.signalk.self` are empty.
 */
const withIdentity = (baseDeltas: object[] = []) => [{ context: 'vessels.self', updates: [{ values: [{ path: '', value: VESSEL }] }] }, ...baseDeltas];

/** Whether a model holds a value somewhere: the server has started and has data. */
function holdsValue(node: unknown): boolean {
  if (typeof node !== 'object' || node === null) return false;
  return 'value' in node || Object.entries(node).some(([key, child]) => key !== 'meta' && holdsValue(child));
}

export async function startSignalKServer(options: SignalKServerOptions = {}): Promise<SignalKServer> {
  const configDir = await mkdtemp(join(tmpdir(), 'signalk-server-'));
  const settings = {
    mdns: false,
    interfaces: { 'nmea-tcp': false, tcp: false, appstore: false },
    pipedProviders: options.sample === false ? [] : [SAMPLE_PROVIDER],
  };
  await writeFile(join(configDir, 'settings.json'), JSON.stringify(settings, null, 2));
  await writeFile(join(configDir, 'baseDeltas.json'), JSON.stringify(withIdentity(options.baseDeltas)));
  for (const plugin of options.plugins ?? []) {
    const { name } = JSON.parse(await readFile(join(plugin.directory, 'package.json'), 'utf8')) as { name: string };
    await mkdir(dirname(join(configDir, 'node_modules', name)), { recursive: true });
    await symlink(plugin.directory, join(configDir, 'node_modules', name), 'dir');
    await mkdir(join(configDir, 'plugin-config-data'), { recursive: true });
    await writeFile(
      join(configDir, 'plugin-config-data', `${plugin.id}.json`),
      JSON.stringify({ enabled: true, enableDebug: plugin.debug ?? false, configuration: plugin.configuration ?? {} }),
    );
  }

  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  let output = '';
  let child: ChildProcess | undefined;

  const model = async () => {
    const response = await fetch(`${url}/signalk/v1/api/vessels/self`, { signal: AbortSignal.timeout(5000) });
    if (!response.ok) throw new Error(`GET /signalk/v1/api/vessels/self answered ${response.status}`);
    return (await response.json()) as Record<string, unknown>;
  };

  const start = async () => {
    // Its own process group, so that stopping it stops whatever it started too.
    const started = spawn(process.execPath, [join(PACKAGE, 'bin/signalk-server'), '-c', configDir, '--override-timestamps'], {
      cwd: configDir,
      env: { ...process.env, PORT: String(port), SIGNALK_DISABLE_SERVER_UPDATES: 'true' },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    child = started;
    started.stdout!.on('data', (chunk) => (output += chunk));
    started.stderr!.on('data', (chunk) => (output += chunk));
    const deadline = Date.now() + 30_000;
    for (;;) {
      if (started.exitCode !== null) throw new Error(`signalk-server exited (${started.exitCode}):\n${output}`);
      if (await model().then(holdsValue, () => false)) return;
      if (Date.now() > deadline) throw new Error(`signalk-server gave no data within 30 s:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  };

  const stop = async () => {
    const running = child;
    child = undefined;
    if (!running || running.exitCode !== null || running.signalCode !== null) return;
    const exited = new Promise((resolve) => running.once('exit', resolve));
    const signal = (name: NodeJS.Signals) => {
      try {
        process.kill(-running.pid!, name);
      } catch {
        // the group is gone already
      }
    };
    signal('SIGTERM');
    const killed = setTimeout(() => signal('SIGKILL'), 5000);
    await exited;
    clearTimeout(killed);
  };

  try {
    await start();
  } catch (error) {
    await stop();
    await rm(configDir, { recursive: true, force: true });
    throw error;
  }
  return {
    port,
    url,
    configDir,
    output: () => output,
    model,
    async restart(changes = {}) {
      await stop();
      if (changes.baseDeltas) await writeFile(join(configDir, 'baseDeltas.json'), JSON.stringify(withIdentity(changes.baseDeltas)));
      await start();
    },
    async close() {
      await stop();
      await rm(configDir, { recursive: true, force: true });
    },
  };
}
