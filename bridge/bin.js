#!/usr/bin/env node
// The `vessel-link-bridge` executable: registers tsx, then runs the TypeScript entry point, so the
// agent needs no build step.
import { fileURLToPath } from 'node:url';
import { register } from 'tsx/esm/api';

register({ tsconfig: fileURLToPath(new URL('../tsconfig.json', import.meta.url)) });
await import('./main.ts');
