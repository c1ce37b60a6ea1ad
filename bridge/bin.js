#!/usr/bin/env node
// The `vessel-link-bridge` executable: the agent compiled to JavaScript in dist/bridge
// (scripts/build.mjs), compiled first if missing or older than its sources.
import { ensureBuilt } from '../scripts/built.mjs';

process.setSourceMapsEnabled(true);
ensureBuilt('bridge');
await import('../dist/bridge/main.js');
