// `npm test`: the static checks (`npm run check`: tsc, ESLint, prettier) and the whole vitest
// suite at the same time, since neither needs the other and together they use the two cores
// better than one after the other (docs/testing.md). The checks' output is held back and printed
// after the suite's, so the two never interleave. Fails when either fails. Arguments go to vitest.
import { spawn } from 'node:child_process';

const run = (command, args, options) =>
  new Promise((resolve) => {
    const child = spawn(command, args, { shell: false, ...options });
    let output = '';
    child.stdout?.on('data', (chunk) => (output += chunk));
    child.stderr?.on('data', (chunk) => (output += chunk));
    child.on('close', (code, signal) => resolve({ code: code ?? (signal ? 1 : 0), output }));
  });

const started = Date.now();
const check = run('npm', ['run', '--silent', 'check'], { stdio: ['ignore', 'pipe', 'pipe'] });
const suite = run('npx', ['vitest', 'run', ...process.argv.slice(2)], { stdio: 'inherit' });
const [checked, tested] = await Promise.all([check, suite]);

process.stdout.write(`\n== static checks (tsc, ESLint, prettier): ${checked.code === 0 ? 'passed' : 'FAILED'}\n`);
if (checked.code !== 0 || checked.output.trim()) process.stdout.write(checked.output);
process.stdout.write(`== npm test took ${Math.round((Date.now() - started) / 1000)} s\n`);
process.exit(checked.code !== 0 ? checked.code : tested.code);
