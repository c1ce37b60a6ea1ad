// `npm start`: builds what is missing or stale (the web app, the compiled server), starts the
// server, and, once it has written DATA_DIR/runtime.json, runs the simulated demo bridges beside
// it as a separate process (the server never imports the simulator). Signals reach both; the
// launcher exits with the server's exit code.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { ensureBuilt } from './built.mjs';

const web = spawnSync(process.execPath, ['scripts/ensure-web-build.mjs'], { stdio: 'inherit' });
if (web.status !== 0) process.exit(web.status ?? 1);
// Once; later starts reuse dist/ until a source changes.
ensureBuilt('server', 'migrations', 'simulator');

const runtimeFile = resolve(process.env.DATA_DIR ?? './data', 'runtime.json');
const server = spawn(process.execPath, ['--enable-source-maps', 'dist/server/main.js'], { stdio: 'inherit' });
let fleet = null;

const readRuntime = () => {
  try {
    const runtime = JSON.parse(readFileSync(runtimeFile, 'utf8'));
    return runtime.pid === server.pid ? runtime : null;
  } catch {
    return null;
  }
};

const waitForServer = setInterval(() => {
  const runtime = existsSync(runtimeFile) ? readRuntime() : null;
  if (!runtime) return;
  clearInterval(waitForServer);
  if (!runtime.demoBridges.length || !runtime.mqttPort) return;
  // The published demo secrets go to the simulator on stdin, never on a command line; its
  // once-a-second progress (JSON on stdout) is dropped, its warnings (stderr) shown.
  const args = [
    '--enable-source-maps',
    'dist/simulator/main.js',
    '--mqtt-url',
    `mqtt://127.0.0.1:${runtime.mqttPort}`,
    '--bridges',
    '-',
    '--log-level',
    'warn',
    '--json',
    // DEMO_SCENARIO=low-battery (any simulator scenario) plays it on every demo bridge once connected.
    ...(process.env.DEMO_SCENARIO ? ['--scenario', process.env.DEMO_SCENARIO] : []),
  ];
  fleet = spawn(process.execPath, args, { stdio: ['pipe', 'ignore', 'inherit'] });
  fleet.stdin.end(JSON.stringify(runtime.demoBridges));
  console.error(`Simulated demo bridges running: ${runtime.demoBridges.map((b) => b.serial).join(', ')} (DEMO_BRIDGES=0 turns them off)`);
}, 200);

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    fleet?.kill(signal);
    server.kill(signal);
  });
}
server.on('exit', (code, signal) => {
  clearInterval(waitForServer);
  fleet?.kill('SIGTERM');
  process.exit(code ?? (signal ? 1 : 0));
});
