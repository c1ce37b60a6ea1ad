#!/usr/bin/env node
// The `vessel-link` executable: registers tsx with the repository's tsconfig (for JSX), then
// runs the TypeScript entry point, so the CLI needs no build step.
import { fileURLToPath } from 'node:url';
import { register } from 'tsx/esm/api';

register({ tsconfig: fileURLToPath(new URL('../tsconfig.json', import.meta.url)) });
await import('./main.ts');
