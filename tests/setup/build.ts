/**
 * Before any test file: the shipped executables compiled into dist/ (scripts/build.mjs) when a
 * source changed, so the suites run what an operator runs and no test file compiles its own.
 */
import { ensureBuilt } from '../../scripts/built.mjs';

export default function setup(): void {
  ensureBuilt('server', 'migrations', 'simulator', 'cli', 'bridge');
}
