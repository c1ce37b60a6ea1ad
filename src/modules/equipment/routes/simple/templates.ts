import { defineRoute } from '../../../../platform/routes.js';
import type { SimpleDevicesService } from '../../simple/service.js';
import { SIMPLE_TAGS } from './support.js';

/** GET simpleDevices/templates: the templates a device is created from, with their fields (any signed-in user). */
export const simpleDeviceTemplates = (simple: SimpleDevicesService) =>
  defineRoute({
    method: 'GET',
    path: '/api/simpleDevices/templates',
    options: {
      tags: SIMPLE_TAGS,
      description: 'The templates (tank, battery bank, engine, custom) with the fields they start with',
      handler: () => simple.templates(),
    },
  });
