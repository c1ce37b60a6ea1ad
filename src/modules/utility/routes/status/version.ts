import type { ReqRefDefaults } from '@hapi/hapi';
import { defineRoute } from '../../../../platform/routes.js';
// Imported, not read from disk at a path relative to this file: the compiled server is one bundle.
import packageJson from '../../../../../package.json' with { type: 'json' };

export const UI_VERSION = '2.0.0';
const serverVersion = packageJson.version;

/** GET utility/version: public, the interface compares it with its own. */
export const version = () =>
  defineRoute<ReqRefDefaults>({
    method: 'GET',
    path: '/api/utility/version',
    options: {
      auth: false,
      tags: ['api', 'utility'],
      description: 'Interface and server versions',
      handler: () => ({ ui: UI_VERSION, server: serverVersion }),
    },
  });
