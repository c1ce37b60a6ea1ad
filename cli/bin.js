#!/usr/bin/env node
// The `vessel-link` executable: the CLI compiled to JavaScript in dist/cli (scripts/build.mjs),
// compiled first if missing or older than its sources. Stack traces are for --verbose only (the
// CLI reports errors in one line), so source maps are loaded only then.
import { ensureBuilt } from '../scripts/built.mjs';

if (process.argv.includes('--verbose')) process.setSourceMapsEnabled(true);
ensureBuilt('cli', 'migrations');
await import('../dist/cli/main.js');
