/**
 * Where a CPU profile's time went (`node --cpu-prof`, e.g. the server's profile that
 * `BENCH_CPU_PROFILE=dir npm run bench` writes): the share of busy time per second, to find the
 * seconds of a load phase, then self time summed per function or per file over those seconds.
 *
 *   npx tsx bench/cpuprofile.ts <file.cpuprofile> [--by function|file] [--from s] [--to s] [--top 40]
 */
import { readFileSync } from 'node:fs';
import { readFlags } from './flags.js';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}

interface Profile {
  nodes: ProfileNode[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

const USAGE = 'usage: npx tsx bench/cpuprofile.ts <file.cpuprofile> [--by function|file] [--from 0] [--to 1000000] [--top 40]';
const file = process.argv[2];
if (!file || file.startsWith('--')) {
  console.error(USAGE);
  process.exit(2);
}
process.argv.splice(2, 1);
const flags = readFlags(USAGE, { by: 'function', from: '0', to: '1000000', top: '40' });
const by = flags.text('by');
const fromS = flags.whole('from', 0, 1_000_000);
const toS = flags.whole('to', 0, 1_000_000);
const top = flags.whole('top', 1, 10_000);

const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
const where = (url: string) =>
  url
    .replace(/^file:\/\//, '')
    .replace(`${process.cwd()}/`, '')
    .replace(/^.*\/node_modules\//, '');
const keyOf = ({ callFrame: { functionName, url, lineNumber } }: ProfileNode) =>
  by === 'file' ? where(url) || functionName : `${functionName || '(anonymous)'} ${where(url)}${url ? `:${lineNumber + 1}` : ''}`;

const perSecond: Array<{ busy: number; idle: number }> = [];
const self = new Map<string, number>();
let clock = profile.startTime;
let total = 0;
for (let i = 0; i < profile.samples.length; i++) {
  clock += profile.timeDeltas[i];
  const node = nodes.get(profile.samples[i])!;
  const second = Math.floor((clock - profile.startTime) / 1e6);
  perSecond[second] ??= { busy: 0, idle: 0 };
  perSecond[second][node.callFrame.functionName === '(idle)' ? 'idle' : 'busy'] += profile.timeDeltas[i];
  if (second < fromS || second >= toS) continue;
  const key = keyOf(node);
  self.set(key, (self.get(key) ?? 0) + profile.timeDeltas[i]);
  total += profile.timeDeltas[i];
}

console.log('busy per second:', perSecond.map((s, i) => `${i}:${Math.round((100 * s.busy) / (s.busy + s.idle || 1))}%`).join(' '));
console.log(`self time, seconds ${fromS}–${Math.min(toS, perSecond.length)}, ${Math.round(total / 1000)} ms in all:`);
for (const [key, us] of [...self].sort((a, b) => b[1] - a[1]).slice(0, top)) {
  console.log(`${(us / 1000).toFixed(0).padStart(8)} ms ${((100 * us) / total).toFixed(1).padStart(5)} %  ${key}`);
}
