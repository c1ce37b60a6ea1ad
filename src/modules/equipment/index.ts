/**
 * The equipment module: what an owner arranges of the vessel's devices — simple devices made from
 * a template, whose fields show the bridge's properties (some as gauges), and the app settings of
 * each phone and on-board display (the devices listed, the gauges, the start page, the images).
 * It reads the vessel's properties through the devices module's api.
 */
import type { Plugin } from '@hapi/hapi';
import type { ModuleOptions } from '../../platform/context.js';
import { AppSettingsService } from './app-settings/service.js';
import { createAppSetting } from './routes/app-settings/create.js';
import { deleteAppSetting } from './routes/app-settings/delete.js';
import { emptyAppSetting } from './routes/app-settings/empty.js';
import { listAppSettings } from './routes/app-settings/list.js';
import { setAppSettingImage } from './routes/app-settings/set-image.js';
import { updateAppSetting } from './routes/app-settings/update.js';
import { simpleDevicesOfType } from './routes/simple/by-type.js';
import { createSimpleDevice } from './routes/simple/create.js';
import { gaugeDashboard } from './routes/simple/dashboard.js';
import { deleteSimpleDevice } from './routes/simple/delete.js';
import { setFieldOrder } from './routes/simple/field-order.js';
import { setIncludeInGauges } from './routes/simple/include-in-gauges.js';
import { listSimpleDevices } from './routes/simple/list.js';
import { setSimpleDeviceLocation } from './routes/simple/location.js';
import { simpleDeviceLocations } from './routes/simple/locations.js';
import { mapSimpleDeviceField } from './routes/simple/map-field.js';
import { simpleDeviceMetadata } from './routes/simple/metadata.js';
import { setSimpleDevicePosition } from './routes/simple/position.js';
import { simpleDeviceSettings } from './routes/simple/settings.js';
import { simpleDeviceTemplates } from './routes/simple/templates.js';
import { unmapSimpleDeviceField } from './routes/simple/unmap-field.js';
import { updateSimpleDevice } from './routes/simple/update.js';
import { SimpleDevicesService } from './simple/service.js';

export const equipmentModule: Plugin<ModuleOptions> = {
  name: 'equipment',
  dependencies: ['access'],
  register(server, { ctx }) {
    const simple = new SimpleDevicesService(ctx.db);
    const access = server.plugins.access.api;
    access.registerEntity('simpleDevice', { notFound: 'Device not found', vesselOf: (id) => simple.vesselOfDevice(id) });
    // A field answers for its device: a field of a device nobody may reach is a field not found.
    access.registerEntity('simpleDeviceField', { notFound: 'Field not found', vesselOf: (id) => simple.vesselOfField(id) });
    const appSettings = new AppSettingsService(ctx.db);
    server.route([
      listSimpleDevices(simple),
      simpleDevicesOfType(simple),
      simpleDeviceSettings(simple),
      simpleDeviceLocations(simple),
      gaugeDashboard(simple),
      simpleDeviceMetadata(simple),
      simpleDeviceTemplates(simple),
      createSimpleDevice(simple),
      updateSimpleDevice(simple),
      deleteSimpleDevice(simple),
      mapSimpleDeviceField(simple),
      unmapSimpleDeviceField(simple),
      setFieldOrder(simple),
      setIncludeInGauges(simple),
      setSimpleDeviceLocation(simple),
      setSimpleDevicePosition(simple),

      listAppSettings(appSettings),
      emptyAppSetting(appSettings),
      createAppSetting(appSettings),
      updateAppSetting(appSettings),
      deleteAppSetting(appSettings),
      setAppSettingImage(appSettings, ctx.config),
    ]);
  },
};
