import { defineRoute } from '../../../../platform/routes.js';
import type { SimpleDevicesService } from '../../simple/service.js';
import { SIMPLE_TAGS } from './support.js';

/** GET simpleDevices/metadata: field kinds with their units, and the device types (any signed-in user). */
export const simpleDeviceMetadata = (simple: SimpleDevicesService) =>
  defineRoute({
    method: 'GET',
    path: '/api/simpleDevices/metadata',
    options: { tags: SIMPLE_TAGS, description: 'The field kinds with their units, and the device types', handler: () => simple.metadata() },
  });
