#!/usr/bin/env node
// The `vessel-link-bridge` executable. Installed from its package: the agent compiled by
// build.mjs into dist/main.js. In the repository: the repository build in ../dist/bridge
// (scripts/build.mjs), compiled first if missing or older than its sources.
import { existsSync } from 'node:fs';

process.setSourceMapsEnabled(true);
if (existsSync(new URL('../scripts/built.mjs', import.meta.url))) {
  const { ensureBuilt } = await import('../scripts/built.mjs');
  ensureBuilt('bridge');
  await import('../dist/bridge/main.js');
} else {
  await import('./dist/main.js');
}
