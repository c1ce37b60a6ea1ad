#!/usr/bin/env node
// The `vessel-link` executable: the CLI compiled to JavaScript in dist/cli (scripts/build.mjs),
// compiled first if missing or older than its sources.
import { ensureBuilt } from '../scripts/built.mjs';

process.setSourceMapsEnabled(true);
ensureBuilt('cli', 'migrations');
await import('../dist/cli/main.js');
