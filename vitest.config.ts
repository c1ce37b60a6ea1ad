import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts', 'tests/**/*.test.tsx'],
    environment: 'node',
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // expect.poll waits for what a user would wait for (a row, a value); 1 s, vitest's default,
    // is too short on a busy two-core machine (CI lost a run to it).
    expect: { poll: { timeout: 10_000 } },
    // Two cores: more workers only make the MQTT and browser suites fight for CPU.
    maxWorkers: 2,
    reporters: ['default'],
  },
});
