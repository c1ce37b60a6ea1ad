/**
 * A reporter beside the default one: the ten slowest test files of the run, with their import
 * and test time, so a pass's end says where its minutes went (docs/performance.md, "Test suite").
 */
import type { Reporter, TestModule } from 'vitest/node';

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`.padStart(8);

export default class SlowestFiles implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    const files = testModules
      .map((module) => {
        const d = module.diagnostic();
        return {
          file: module.relativeModuleId,
          total: d.collectDuration + d.duration,
          collect: d.collectDuration,
          tests: d.duration,
          project: module.project.name,
        };
      })
      .sort((a, b) => b.total - a.total)
      .slice(0, 10);
    if (!files.length) return;
    const lines = files.map((f) => `${seconds(f.total)}  ${f.file}  [${f.project}; import ${seconds(f.collect).trim()}, tests ${seconds(f.tests).trim()}]`);
    process.stdout.write(`\nThe ten slowest test files:\n${lines.join('\n')}\n`);
  }
}
