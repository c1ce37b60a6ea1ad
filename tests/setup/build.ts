/**
 * Before any test file: the shipped executables compiled into dist/ (scripts/build.mjs) when a
 * source changed, so the suites run what an operator runs and no test file compiles its own; and
 * the migrated template database the test files copy.
 */
import { ensureBuilt } from '../../scripts/built.mjs';
import { preparePostgresTemplate, prepareSqliteTemplate } from '../helpers/db-template.js';

export default async function setup(): Promise<void> {
  ensureBuilt('server', 'migrations', 'simulator', 'cli', 'bridge');
  // The migrated database each test file copies instead of migrating its own (tests/helpers/db-template.ts).
  await prepareSqliteTemplate();
  if (process.env.TEST_DATABASE_URL) await preparePostgresTemplate(process.env.TEST_DATABASE_URL);
}
