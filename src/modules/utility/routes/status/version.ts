import { readFileSync } from 'node:fs';
import type { ReqRefDefaults } from '@hapi/hapi';
import { defineRoute } from '../../../../platform/routes.js';

export const UI_VERSION = '2.0.0';
const packageJson: unknown = JSON.parse(readFileSync(new URL('../../../../../package.json', import.meta.url), 'utf8'));
const serverVersion = typeof packageJson === 'object' && packageJson !== null && 'version' in packageJson ? String(packageJson.version) : 'unknown';

/** GET utility/version: public, the interface compares it with its own. */
export const version = () =>
  defineRoute<ReqRefDefaults>({
    method: 'GET',
    path: '/api/utility/version',
    options: { auth: false, tags: ['api', 'utility'], description: 'Interface and server versions', handler: () => ({ ui: UI_VERSION, server: serverVersion }) },
  });
